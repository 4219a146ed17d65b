/**
 * How a text may spell a secret: one step of reading a text as the characters it *means*, the way
 * a reader (a browser, a JSON parser, a URL decoder, a person) would see them. The redaction layer
 * (`shared/redact.ts`) matches registered secrets against these characters rather than the raw
 * text, so a key written with escapes, entities, full-width letters or invisible characters in
 * between is still found. Pure string work.
 *
 * One step reads one of:
 * - a character as itself, folded: NFKC (full-width `ｓｋ` is `sk`), lower case, dashes as `-`;
 * - `\uXXXX`, `\u{X…}`, `\xXX`, `\<punctuation>` (JSON's `\/`), `%XX` (ASCII bytes),
 *   `&#xH…;`, `&#D…;` (the `;` optional, at most 8 digits) and the named HTML entities of ASCII
 *   punctuation (`&period;`, `&lowbar;`, …), each as the character it encodes;
 * - a separator, which a spelled-out secret may carry between its characters: white space, the
 *   invisible characters (soft hyphen U+00AD, zero-width U+200B–U+200D, U+2060, U+FEFF, U+180E)
 *   and JSON's `\n` `\r` `\t`, also when written in one of the escaped forms above.
 *
 * Not read: an encoding of an encoding (`%26%23x73%3B`), percent-encoded UTF-8 of non-ASCII
 * characters, and homoglyphs other than full-width forms and dashes. See docs/security.md.
 */

/** One step: the folded characters it means (`null` for a separator) and the text it took. */
export interface FormStep {
  readonly chars: readonly string[] | null;
  readonly length: number;
}

/** What `readStep` answers when the text ends inside a form that more text could complete. */
export const OPEN = 'open';

/** The longest text one step takes (`&#x0000000a;` is 12 characters). */
export const MAX_STEP_CHARS = 12;

const INVISIBLE = /^[\u00ad\u180e\u200b-\u200d\u2060\ufeff]$/;
const WHITE = /^\s$/;
const DASHES = /^[\u2010-\u2015\u2212\ufe58\ufe63]$/;
const HEX = /^[0-9a-f]$/i;
const DIGIT = /^[0-9]$/;
const LETTER = /^[a-z]$/i;
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** Named HTML entities of ASCII punctuation (letters and digits have none). */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  bsol: '\\',
  lowbar: '_',
  period: '.',
  colon: ':',
  semi: ';',
  comma: ',',
  excl: '!',
  num: '#',
  dollar: '$',
  percnt: '%',
  plus: '+',
  equals: '=',
  commat: '@',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  verbar: '|',
  ast: '*',
  lpar: '(',
  rpar: ')',
  quest: '?',
  grave: '`',
  hat: '^',
  dash: '-',
  hyphen: '-',
  minus: '-',
  tilde: '~',
  shy: '\u00ad',
  nbsp: ' ',
  zwsp: '\u200b',
  newline: '\n',
  tab: '\t',
};
/** The longest entity name above. */
const MAX_ENTITY_NAME = 7;

/**
 * The characters a step that reads as `char` may begin with: `char` in either case, the starts of
 * the escaped forms (`\\`, `%`, `&`) and any non-ASCII character (full-width, a dash, a ligature).
 * A text scanned for where a secret could begin skips every other character at once.
 */
export function stepStarts(chars: Iterable<string>): RegExp {
  const ascii = new Set<string>();
  for (const char of chars) if (char < '\u0080') ascii.add(char.toLowerCase()).add(char.toUpperCase());
  const escaped = [...ascii].map((char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  return new RegExp(`[${escaped}\\\\%&\\u0080-\\uffff]`, 'g');
}

/** Whether a character is one a spelled-out secret may carry between its characters. */
export function isSeparator(char: string): boolean {
  return WHITE.test(char) || INVISIBLE.test(char);
}

/** A character as the matcher compares it: NFKC, lower case, any dash as `-`; several for a ligature. */
export function fold(char: string): string[] {
  if (char.length === 1 && char < '\u0080') return [char.toLowerCase()];
  if (DASHES.test(char)) return ['-'];
  return [...char.normalize('NFKC').toLowerCase()];
}

/** The one-character steps of ASCII characters, made once: most of any text is read through them. */
const ASCII_STEPS: readonly FormStep[] = Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  return isSeparator(char) ? { chars: null, length: 1 } : { chars: [char.toLowerCase()], length: 1 };
});

/** The step for one decoded character: a separator, or its folded characters. */
function meaning(char: string, length: number): FormStep {
  if (length === 1 && char.length === 1 && char < '\u0080') return ASCII_STEPS[char.charCodeAt(0)]!;
  if (isSeparator(char)) return { chars: null, length };
  const chars = fold(char);
  return chars.every(isSeparator) ? { chars: null, length } : { chars: chars.filter((c) => !isSeparator(c)), length };
}

/** A code point as a character, or undefined when it is none (0, past U+10FFFF). */
function codePoint(value: number): string | undefined {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : undefined;
}

/**
 * Reads `count` characters from `at` that all pass `test`: their text, OPEN when the text ends
 * before `count` of them (and all so far pass), or undefined when one fails.
 */
function fixed(text: string, at: number, count: number, test: RegExp): string | typeof OPEN | undefined {
  const seen = text.slice(at, at + count);
  for (const char of seen) if (!test.test(char)) return undefined;
  return seen.length < count ? OPEN : seen;
}

/**
 * Reads a run of 1..max characters from `at` passing `test`: its text, OPEN when the text ends in
 * it (more could follow), or undefined when there is none.
 */
function run(text: string, at: number, max: number, test: RegExp): string | typeof OPEN | undefined {
  let end = at;
  while (end < text.length && end - at < max && test.test(text[end]!)) end += 1;
  if (end === text.length && end - at < max) return OPEN;
  return end > at ? text.slice(at, end) : undefined;
}

type Read = FormStep | typeof OPEN | undefined;

/** `\uXXXX`, `\u{X…}`, `\xXX`, `\n` `\r` `\t`, `\<punctuation>` from the backslash at `at`. */
function backslash(text: string, at: number): Read {
  const kind = text[at + 1];
  if (kind === undefined) return OPEN;
  if (kind === 'u' || kind === 'U') {
    if (text[at + 2] === '{') {
      const digits = run(text, at + 3, 6, HEX);
      if (digits === undefined || digits === OPEN) return digits;
      if (text.length === at + 3 + digits.length) return OPEN;
      const char = text[at + 3 + digits.length] === '}' ? codePoint(parseInt(digits, 16)) : undefined;
      return char === undefined ? undefined : meaning(char, digits.length + 4);
    }
    const digits = fixed(text, at + 2, 4, HEX);
    return digits === undefined || digits === OPEN ? digits : meaning(String.fromCharCode(parseInt(digits, 16)), 6);
  }
  if (kind === 'x' || kind === 'X') {
    const digits = fixed(text, at + 2, 2, HEX);
    return digits === undefined || digits === OPEN ? digits : meaning(String.fromCharCode(parseInt(digits, 16)), 4);
  }
  if (kind === 'n' || kind === 'r' || kind === 't') return { chars: null, length: 2 };
  return PUNCTUATION.test(kind) ? meaning(kind, 2) : undefined;
}

/** `%XX` (an ASCII byte) from the percent sign at `at`. */
function percent(text: string, at: number): Read {
  const digits = fixed(text, at + 1, 2, HEX);
  if (digits === undefined || digits === OPEN) return digits;
  const byte = parseInt(digits, 16);
  return byte > 0 && byte < 0x80 ? meaning(String.fromCharCode(byte), 3) : undefined;
}

/** `&#xH…;`, `&#D…;` (the `;` optional) and `&name;` from the ampersand at `at`. */
function entity(text: string, at: number): Read {
  if (at + 1 === text.length) return OPEN;
  if (text[at + 1] === '#') {
    const hex = text[at + 2] === 'x' || text[at + 2] === 'X';
    const from = at + (hex ? 3 : 2);
    if (from === text.length) return OPEN;
    const digits = run(text, from, 8, hex ? HEX : DIGIT);
    if (digits === undefined || digits === OPEN) return digits;
    const end = from + digits.length;
    if (end === text.length) return OPEN;
    const char = codePoint(parseInt(digits, hex ? 16 : 10));
    return char === undefined ? undefined : meaning(char, end - at + (text[end] === ';' ? 1 : 0));
  }
  const name = run(text, at + 1, MAX_ENTITY_NAME, LETTER);
  if (name === undefined || name === OPEN) return name;
  const end = at + 1 + name.length;
  if (end === text.length) return OPEN;
  const char = text[end] === ';' ? ENTITIES[name.toLowerCase()] : undefined;
  return char === undefined ? undefined : meaning(char, name.length + 2);
}

/**
 * Reads the step at `text[at]` (which must exist). Answers OPEN when the text ends inside a form
 * that more text could complete or turn into another reading, unless `final` says no more comes
 * (then the unfinished form reads as its first character). SECURITY: a step never looks more than
 * MAX_STEP_CHARS ahead, so a stream holds back at most that much for an unfinished form, and the
 * answer depends on the characters read only: text cut anywhere reads the same as text whole.
 */
export function readStep(text: string, at: number, final: boolean): FormStep | typeof OPEN {
  const first = text[at]!;
  const escape = first === '\\' ? backslash : first === '%' ? percent : first === '&' ? entity : undefined;
  const read = escape?.(text, at);
  if (read === OPEN && !final) return OPEN;
  if (read !== undefined && read !== OPEN) return read;
  const code = text.charCodeAt(at);
  if (code >= 0xd800 && code <= 0xdbff) {
    if (at + 1 === text.length && !final) return OPEN;
    const pair = text.slice(at, at + 2);
    if (pair.length === 2 && pair.codePointAt(0)! > 0xffff) return meaning(pair, 2);
  }
  return meaning(first, 1);
}

/** A whole text's folded characters, separators left out (how a secret is registered). */
export function foldedChars(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length;) {
    const step = readStep(text, at, true) as FormStep;
    if (step.chars) out.push(...step.chars);
    at += step.length;
  }
  return out;
}
