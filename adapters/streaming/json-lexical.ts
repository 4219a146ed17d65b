import type { PathSegment } from './json-path.ts';

/** A whole JSON number token (RFC 8259 §6): checked once the token ends, since a prefix proves nothing. */
export const NUMBER_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** What each one-character JSON escape (after the backslash) stands for; `\u` is read apart. */
export const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** The three JSON literals by their first character: the whole word and the value it stands for. */
export const LITERALS: Readonly<Record<string, readonly [string, unknown]>> = {
  t: ['true', true],
  f: ['false', false],
  n: ['null', null],
};

/** Whether `c` may continue a number token (the grammar is checked by `NUMBER_RE` when it ends). */
export function isNumberChar(c: string): boolean {
  return (c >= '0' && c <= '9') || c === '.' || c === 'e' || c === 'E' || c === '+' || c === '-';
}

/** A character as an error message names it: a line end in words, a control character as U+XXXX, else quoted. */
export function show(c: string): string {
  if (c === '\n') return 'a line end';
  const code = c.charCodeAt(0);
  return code < 0x20 ? `U+${code.toString(16).padStart(4, '0').toUpperCase()}` : JSON.stringify(c);
}

/** Sets a member as `JSON.parse` would: an array grows, an object gains an own data property. */
export function setMember(target: Record<string, unknown> | unknown[], key: PathSegment, value: unknown): void {
  if (Array.isArray(target)) target.push(value);
  // SECURITY: "__proto__" is an own data property, as JSON.parse makes it; an assignment would set the prototype.
  else if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** A copy one level deep (members shared), made with `setMember` so `__proto__` stays a data property. */
export function shallowCopy(value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return value.slice();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setMember(out, key, value[key]);
  return out;
}
