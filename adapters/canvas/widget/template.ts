/**
 * The seed's mustache-like template language, interpreted (never compiled to code: the sandbox
 * forbids `eval`, and an interpreter has no injection surface). `{{x}}`, `{{{x}}}` (raw is text
 * too: the output is parsed into particles, never used as markup), `{{#each xs}}…{{/each}}` with
 * `@index`, `@first`, `@last`, `this` / `.`, `{{#if x}}`, `{{#unless x}}`, `{{else}}`. Parsed once,
 * evaluated per render, with every size bounded and every limit named in its error.
 */

/** A parsed template node. */
export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string }
  | { kind: 'each' | 'if' | 'unless'; path: string; body: TemplateNode[]; otherwise: TemplateNode[] };

/** Bounds of parsing and evaluation. */
export interface TemplateLimits {
  /** Nesting of blocks. */
  maxDepth: number;
  /** Characters one evaluation may produce. */
  maxOutput: number;
  /** Iterations of all `#each` blocks in one evaluation. */
  maxIterations: number;
}

/** The defaults (the seed's 50 KB template, expanded at most ~10x). */
export const TEMPLATE_LIMITS: TemplateLimits = { maxDepth: 24, maxOutput: 512 * 1024, maxIterations: 10_000 };

/** A template error; the message names the place or the limit. */
export class TemplateError extends Error {
  override name = 'TemplateError';
}

const TAG = /\{\{\{\s*([^}]*?)\s*\}\}\}|\{\{\s*([#/]?)\s*([^}]*?)\s*\}\}/g;
const PATH = /^(?:@index|@first|@last|this|\.|[A-Za-z_$][\w$-]*(?:\.[\w$-]+)*)$/;

/** Parse a template once (at define time); throws a `TemplateError` naming the problem and its line and column. */
export function parseTemplate(source: string, limits: TemplateLimits = TEMPLATE_LIMITS): TemplateNode[] {
  const where = (at: number) => placeOf(source, at);
  const root: TemplateNode[] = [];
  const stack: Array<{ node: Extract<TemplateNode, { body: unknown }>; inElse: boolean; at: number }> = [];
  const out = () => {
    const top = stack.at(-1);
    return top === undefined ? root : top.inElse ? top.node.otherwise : top.node.body;
  };
  // Text between tags holds no "{{": one there opened a tag that never closed (`<p>{{name</p>`),
  // which would otherwise show as literal text in silence.
  const text = (from: number, to: number) => {
    const open = source.indexOf('{{', from);
    if (open !== -1 && open < to)
      throw new TemplateError(`"{{" at ${where(open)} is never closed; close it with "}}" (e.g. {{name}})`);
    out().push({ kind: 'text', text: source.slice(from, to) });
  };
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    const at = match.index;
    if (at > last) text(last, at);
    last = at + match[0].length;
    if (match[1] !== undefined) {
      out().push({ kind: 'value', path: checkPath(match[1], at, where) });
      continue;
    }
    const sigil = match[2]!;
    const body = match[3]!;
    if (sigil === '#') {
      const [keyword, ...rest] = body.split(/\s+/);
      if (keyword !== 'each' && keyword !== 'if' && keyword !== 'unless')
        throw new TemplateError(
          `unknown block {{#${keyword?.slice(0, 20)}}} at ${where(at)}; use #each, #if or #unless`,
        );
      if (stack.length >= limits.maxDepth)
        throw new TemplateError(`blocks nest deeper than ${limits.maxDepth} at ${where(at)} (limit maxTemplateDepth)`);
      const node = { kind: keyword, path: checkPath(rest.join(' '), at, where), body: [], otherwise: [] } as Extract<
        TemplateNode,
        { body: unknown }
      >;
      out().push(node);
      stack.push({ node, inElse: false, at });
    } else if (sigil === '/') {
      const top = stack.pop();
      if (top === undefined || top.node.kind !== body)
        throw new TemplateError(
          `{{/${body.slice(0, 20)}}} at ${where(at)} closes ${top === undefined ? 'nothing' : `{{#${top.node.kind}}} opened at ${where(top.at)}`}`,
        );
    } else if (body === 'else') {
      const top = stack.at(-1);
      if (top === undefined || top.inElse) throw new TemplateError(`{{else}} at ${where(at)} is outside an open block`);
      top.inElse = true;
    } else {
      out().push({ kind: 'value', path: checkPath(body, at, where) });
    }
  }
  if (stack.length > 0)
    throw new TemplateError(
      `{{#${stack.at(-1)!.node.kind}}} opened at ${where(stack.at(-1)!.at)} is never closed; close it with {{/${stack.at(-1)!.node.kind}}}`,
    );
  if (last < source.length) text(last, source.length);
  return root;
}

/** "line L, column C" (1-based) of an offset: what an author (or a model) can find in its template. */
export function placeOf(source: string, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < at; i = source.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return `line ${line}, column ${at - start + 1}`;
}

function checkPath(path: string, at: number, where: (at: number) => string): string {
  if (!PATH.test(path))
    throw new TemplateError(
      `{{${path.slice(0, 30)}}} at ${where(at)} is not a property name; use {{name}}, {{a.b}}, {{this}} or {{@index}}`,
    );
  return path;
}

interface Scope {
  value: unknown;
  index?: number;
  first?: boolean;
  last?: boolean;
}

/** HTML-escape text (the template's output is HTML to parse; a value can never open a tag). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** Evaluate a parsed template on `data` to an HTML string; values are always escaped. */
export function renderTemplate(
  nodes: readonly TemplateNode[],
  data: unknown,
  limits: TemplateLimits = TEMPLATE_LIMITS,
): string {
  let output = '';
  let iterations = 0;
  const emit = (text: string) => {
    output += text;
    if (output.length > limits.maxOutput)
      throw new TemplateError(
        `the template expanded to more than ${limits.maxOutput} characters (limit maxTemplateOutput)`,
      );
  };
  // Iterative: an explicit work stack of [nodes, scopes] frames.
  const work: Array<{ nodes: readonly TemplateNode[]; i: number; scopes: Scope[] }> = [
    { nodes, i: 0, scopes: [{ value: data }] },
  ];
  while (work.length > 0) {
    const frame = work.at(-1)!;
    if (frame.i >= frame.nodes.length) {
      work.pop();
      continue;
    }
    const node = frame.nodes[frame.i++]!;
    if (node.kind === 'text') emit(node.text);
    else if (node.kind === 'value') emit(escapeHtml(toText(lookup(frame.scopes, node.path))));
    else if (node.kind === 'each') {
      const list = lookup(frame.scopes, node.path);
      if (!Array.isArray(list) || list.length === 0) {
        work.push({ nodes: node.otherwise, i: 0, scopes: frame.scopes });
        continue;
      }
      iterations += list.length;
      if (iterations > limits.maxIterations)
        throw new TemplateError(
          `#each ran more than ${limits.maxIterations} iterations in one render (limit maxTemplateIterations)`,
        );
      if (work.length + list.length > limits.maxIterations)
        throw new TemplateError(`#each nests too much work (limit maxTemplateIterations)`);
      // Pushed last-first so the first item is evaluated first.
      for (let index = list.length - 1; index >= 0; index -= 1) {
        work.push({
          nodes: node.body,
          i: 0,
          scopes: [...frame.scopes, { value: list[index], index, first: index === 0, last: index === list.length - 1 }],
        });
      }
    } else {
      const truthy = isTruthy(lookup(frame.scopes, node.path));
      work.push({ nodes: truthy === (node.kind === 'if') ? node.body : node.otherwise, i: 0, scopes: frame.scopes });
    }
  }
  return output;
}

function lookup(scopes: readonly Scope[], path: string): unknown {
  const top = scopes.at(-1)!;
  if (path === '@index') return top.index;
  if (path === '@first') return top.first;
  if (path === '@last') return top.last;
  if (path === 'this' || path === '.') return top.value;
  const [head, ...rest] = path.split('.');
  // Innermost scope that has the first segment as its own key, else the root data.
  for (let i = scopes.length - 1; i >= 0; i -= 1) {
    const value = scopes[i]!.value;
    if (isObject(value) && Object.hasOwn(value, head!)) return walk(value[head!], rest);
  }
  return undefined;
}

function walk(value: unknown, rest: readonly string[]): unknown {
  let current = value;
  for (const key of rest) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isTruthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value).slice(0, 10_000);
    } catch {
      return '';
    }
  }
  return String(value);
}
