import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 47: every error message the vocabulary check (core/vocabulary/check-group.ts) and the
 * particle validator (shared/validate-particle.ts) can produce names the program's path and ends
 * with the fix. The messages are read from the source itself (its TypeScript syntax tree), not
 * from a hand list, so a message added tomorrow without a path or a fix fails here.
 *
 * A message is written "<where>: <problem>; <fix>" (or "<where> <problem>; <fix>"): the part after
 * its last "; " must start with what to do. learnability.test.ts checks the same on the messages
 * the checker produces for one broken group per way each type can break.
 */

/** The words a fix starts with: an instruction a model can act on. */
const FIX =
  /^(send|add|use|wrap|remove|rename|put|ask|write|give|choose|nest|link|embed|split|flatten|render|shorten|did you mean)\b/;

/** Where a validator message starts: the located particle (`where()`: its program path when known) or an id's location. */
const VALIDATOR_PATH = /^\$\{(where\(\)|at|ctx\.where)\}/;

interface Message {
  /** The template as written, `${…}` kept: what the test reports. */
  source: string;
  /** The template with every `${const}` of the file resolved, other expressions kept as `${…}`. */
  text: string;
}

function parse(file: string): ts.SourceFile {
  const url = new URL(`../../${file}`, import.meta.url);
  return ts.createSourceFile(file, readFileSync(url, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The file's top-level `const NAME = 'literal'` (or 'a' + 'b'), so a message ending in `${SHAPES}` is read whole. */
function constants(source: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  const value = (node: ts.Expression): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const [left, right] = [value(node.left), value(node.right)];
      return left === undefined || right === undefined ? undefined : left + right;
    }
    return undefined;
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const text = declaration.initializer && value(declaration.initializer);
      if (ts.isIdentifier(declaration.name) && text !== undefined) out.set(declaration.name.text, text);
    }
  }
  return out;
}

/** The string leaves of an expression (both branches of `a ? b : c`, both sides of `a + b`), with the file's constants resolved. */
function leaves(node: ts.Expression, consts: Map<string, string>, source: ts.SourceFile): Message[] {
  if (ts.isParenthesizedExpression(node)) return leaves(node.expression, consts, source);
  // A message split over lines ('…' + `…`) is one message: every left part with every right part.
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [leaves(node.left, consts, source), leaves(node.right, consts, source)];
    return left.flatMap((l) => right.map((r) => ({ source: node.getText(source), text: l.text + r.text })));
  }
  if (ts.isConditionalExpression(node))
    return [...leaves(node.whenTrue, consts, source), ...leaves(node.whenFalse, consts, source)];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return [{ source: node.getText(source), text: node.text }];
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const name = ts.isIdentifier(span.expression) ? consts.get(span.expression.text) : undefined;
      text += `${name ?? `\${${span.expression.getText(source)}}`}${span.literal.text}`;
    }
    return [{ source: node.getText(source), text }];
  }
  return [];
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/**
 * The validator's messages: the message argument of every `fail(code, message)` and every
 * `message:` of an issue object it builds.
 */
function validatorMessages(): Message[] {
  const source = parse('shared/validate-particle.ts');
  const consts = constants(source);
  const out: Message[] = [];
  walk(source, (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fail')
      out.push(...leaves(node.arguments[1]!, consts, source));
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'message')
      out.push(...leaves(node.initializer, consts, source));
  });
  return out;
}

/**
 * Helpers of check-group.ts whose strings are pieces of a message, not messages: `jsonProblem`
 * says where a JSON text breaks its shape, inside roleIssue's message that ends with the fix.
 */
const FRAGMENTS = new Set(['shape', 'jsonProblem', 'allowedValues', 'nearestValue', 'kindOf']);

/**
 * The vocabulary check's messages: every string returned by a function of check-group.ts that
 * answers "what is wrong" (returns a string, or a role or a string), other than the helpers that
 * build pieces of one. The path is put in front by `groupCheckerFor`: checked separately.
 */
function checkerMessages(): Message[] {
  const source = parse('core/vocabulary/check-group.ts');
  const consts = constants(source);
  const out: Message[] = [];
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name || FRAGMENTS.has(statement.name.text)) continue;
    const returns = statement.type?.getText(source) ?? '';
    if (!/\bstring\b/.test(returns) || /^(boolean|GroupChecker)$/.test(returns)) continue;
    walk(statement, (node) => {
      if (ts.isReturnStatement(node) && node.expression) out.push(...leaves(node.expression, consts, source));
    });
  }
  return out;
}

/**
 * The part after the last "; " of a message that is not inside code it quotes (brackets, braces,
 * parentheses or a `${…}`), where the fix is: `add { on: { click: () => { …; render(view()); } } }`
 * is one fix.
 */
function fixOf(text: string): string | undefined {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    else if (c === ';' && text[i + 1] === ' ' && depth === 0) last = i;
  }
  return last < 0 ? undefined : text.slice(last + 2);
}

const withoutFix = (messages: Message[]): string[] =>
  messages.filter((m) => !FIX.test(fixOf(m.text) ?? '')).map((m) => m.source);

describe('every error message of the vocabulary and the validator names a path and a fix (read from the source)', () => {
  const validator = validatorMessages();
  const checker = checkerMessages();

  it(`finds the messages (${validator.length} of the validator, ${checker.length} of the vocabulary check)`, () => {
    // Floors, not counts: they catch an extraction that silently finds nothing.
    expect(validator.length).toBeGreaterThanOrEqual(15);
    expect(checker.length).toBeGreaterThanOrEqual(10);
  });

  it('each validator message starts at the particle it is about', () => {
    expect(validator.filter((m) => !VALIDATOR_PATH.test(m.text)).map((m) => m.source)).toEqual([]);
  });

  it('each validator message ends with what to do', () => {
    expect(withoutFix(validator)).toEqual([]);
  });

  it('each vocabulary message ends with what to do', () => {
    expect(withoutFix(checker)).toEqual([]);
  });

  it('the vocabulary check puts the group and its path in front of every message', () => {
    const source = readFileSync(new URL('../../core/vocabulary/check-group.ts', import.meta.url), 'utf8');
    expect(source).toContain('message: `the "${type}" group at ${formatPath(path)}: ${issue}`');
  });
});
