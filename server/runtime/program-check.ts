import { parse, type Node } from 'acorn';
import { nearestType } from '../../generator/runtime/model-check.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';

/**
 * What the runtime can know about a generated program without running it: it must parse as the
 * sandbox runs it (the body of an async function), it must call `render(…)`, and every group type
 * it names literally (`group("choice", …)`, `suip.group('card', …)`) must be one of the host's
 * vocabulary, as `render()` checks in the sandbox (`checkTypes`), with the same nearest-type fix.
 * The error is worded for the model's repair turn (line and column, the fix). The program is not
 * run here: this is the server's process, where a program would reach the network and the file
 * system; a type computed at run time is checked by the sandbox's `render()`, which reports it.
 */
export function checkProgram(
  code: string,
  types: readonly string[] = BUILTIN_TYPES,
): { ok: true } | { ok: false; error: string } {
  if (code.trim() === '') return { ok: false, error: 'the answer has no program; answer with one ```js block' };
  let program: Node;
  try {
    program = parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
      locations: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `SyntaxError: ${message} (the program must parse as JavaScript; line:column as shown)` };
  }
  if (!/\brender\s*\(/.test(code))
    return {
      ok: false,
      error: 'the program never calls render(tree); nothing would be shown. End with render(group(…)).',
    };
  const unknown = firstUnknownGroupType(program, types);
  if (unknown !== undefined) {
    const near = nearestType(unknown.type, types);
    const fix =
      near === undefined
        ? `use one of the types of the vocabulary: ${types.join(', ')}`
        : `did you mean group(${JSON.stringify(near)}, …)?`;
    return {
      ok: false,
      error:
        `line ${unknown.line}: group(${JSON.stringify(unknown.type)}, …) names a type ` +
        `this host does not have, so render() would refuse the tree; ${fix}`,
    };
  }
  return { ok: true };
}

const BUILTIN_TYPES: readonly string[] = BUILTIN_VOCABULARY.map((entry) => entry.type);

type AnyNode = Node & Record<string, unknown>;

/**
 * The first `group("<literal>", …)` call (bare or as a member, `suip.group`) whose type is not in `types`, in source
 * order.
 */
function firstUnknownGroupType(program: Node, types: readonly string[]): { type: string; line: number } | undefined {
  const known = new Set(types);
  let first: { type: string; line: number; start: number } | undefined;
  // Iterative: a deeply nested program cannot overflow the server's stack.
  const stack: AnyNode[] = [program as AnyNode];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const type = node.type === 'CallExpression' ? literalGroupType(node) : undefined;
    if (type !== undefined && !known.has(type) && (first === undefined || node.start < first.start))
      first = { type, line: node.loc?.start.line ?? 0, start: node.start };
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push(item);
      } else if (isNode(value)) stack.push(value);
    }
  }
  return first;
}

const isNode = (value: unknown): value is AnyNode =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  'start' in value;

/** The type of a `group("x", …)` / `….group("x", …)` call when written as a string literal. */
function literalGroupType(call: AnyNode): string | undefined {
  const callee = call.callee as AnyNode;
  const named =
    (callee.type === 'Identifier' && callee.name === 'group') ||
    (callee.type === 'MemberExpression' && callee.computed === false && (callee.property as AnyNode).name === 'group');
  if (!named) return undefined;
  const first = (call.arguments as AnyNode[])[0];
  if (first?.type === 'Literal' && typeof first.value === 'string') return first.value;
  const quasis =
    first?.type === 'TemplateLiteral' && (first.expressions as unknown[]).length === 0
      ? (first.quasis as Array<{ value: { cooked?: string } }>)
      : undefined;
  return quasis?.[0]?.value.cooked ?? undefined;
}
