import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSecretsForTests,
  createStreamRedactor,
  MIN_SECRET_CHARS,
  redact,
  redactSecrets,
  REDACTED,
  registerSecret,
} from './redact.ts';
import { streamedInPieces } from './redact-testing.ts';
import { MAX_GAP } from './secret-automaton.ts';
import { foldedChars, type FormStep, readStep } from './secret-forms.ts';

afterEach(() => clearSecretsForTests());

const key = 'sk-live-planted-key-42';
const each = (map: (char: string, code: number) => string) => [...key].map((c) => map(c, c.codePointAt(0)!)).join('');

describe('a registered secret is removed in every form a reader would decode', () => {
  const forms: Array<[string, string]> = [
    ['HTML hex entities', each((_, code) => `&#x${code.toString(16)};`)],
    ['HTML hex entities, upper case, no semicolon', `${each((_, code) => `&#X${code.toString(16).toUpperCase()}`)}`],
    ['HTML decimal entities', each((_, code) => `&#${code};`)],
    ['HTML decimal entities with leading zeros', each((_, code) => `&#000${code};`)],
    ['named entities for the punctuation', key.replaceAll('-', '&hyphen;')],
    ['soft hyphens inside', [...key].join('\u00ad')],
    ['zero-width characters inside', [...key].join('\u200c\u2060')],
    ['runs of 4+ spaces', [...key].join('     ')],
    ['tabs and newlines', [...key].join('\t\n ')],
    ['\\u{..} escapes', each((_, code) => `\\u{${code.toString(16)}}`)],
    ['full-width forms (NFKC)', each((c, code) => (c === '-' ? '\uff0d' : String.fromCodePoint(code + 0xfee0)))],
    ['\\x escapes', each((_, code) => `\\x${code.toString(16)}`)],
    ['percent-encoding of every character', each((_, code) => `%${code.toString(16)}`)],
    ['mixed: entity, escape, full-width, soft hyphen', `&#115;\\u006B\uff0dli\u00adve-pl%61nted-key-42`],
    ['upper case', key.toUpperCase()],
    ['escaped separators between characters', [...key].join('&#xad;')],
    ['unicode dashes', key.replaceAll('-', '\u2013')],
  ];
  for (const [name, form] of forms) {
    it(name, () => {
      registerSecret(key);
      expect(redactSecrets(`before ${form} after`)).toBe(`before ${REDACTED} after`);
      expect(redact(`{"error":"${form}"}`)).not.toMatch(/planted|ｐｌａｎｔｅｄ/);
    });
  }

  it('a run of more separators than a spelled-out secret may carry is prose, not the secret', () => {
    registerSecret(key);
    const spread = [...key].join(' '.repeat(MAX_GAP + 1));
    expect(redactSecrets(spread)).toBe(spread);
    const almost = [...key].join(' '.repeat(MAX_GAP));
    expect(redactSecrets(almost)).toBe(REDACTED);
  });

  it(`refuses secrets shorter than ${MIN_SECRET_CHARS} folded characters, and says so`, () => {
    expect(registerSecret('abc')).toBe('too-short');
    expect(registerSecret('a b c d e f g')).toBe('too-short');
    expect(registerSecret('')).toBe('too-short');
    expect(registerSecret(undefined)).toBe('too-short');
    expect(redact('abc def a b c d e f g')).toBe('abc def a b c d e f g');
    expect(registerSecret('abcdefgh')).toBe('registered');
    expect(redactSecrets('x ABCDEFGH y')).toBe(`x ${REDACTED} y`);
  });

  it('leaves text that only looks like an escape alone, and keeps a secret with a backslash or quote in JSON', () => {
    registerSecret('pa\\ss"word-0123');
    expect(redactSecrets(JSON.stringify({ v: 'pa\\ss"word-0123' }))).toBe(`{"v":"${REDACTED}"}`);
    const text = 'a % b &amp c \\u00zz d &#xzz; \\x e &unknown; f \\u{110000}';
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('readStep', () => {
  it('answers the same for a text cut anywhere as for the text whole (fast-check)', () => {
    const piece = fc.constantFrom(
      ...['&#x73;', '&#115', ';', '\\u0073', '\\u{73}', '\\x73', '%73', '&period;', '&', '\\', '%', '#'],
      ...['x', '7', '3', '{', '}', 'u', '\u00ad', ' ', 'ｓ', '😀'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        for (let at = 0; at < text.length;) {
          const whole = readStep(text, at, true) as FormStep;
          // Any prefix that ends inside this step reads as OPEN or as the same step.
          for (let cut = at + 1; cut < at + whole.length; cut += 1) {
            const early = readStep(text.slice(0, cut), at, false);
            expect(early).toBe('open');
          }
          at += whole.length;
        }
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * The simple reference: every secret's folded characters searched at every position of the text's
 * steps (read whole), separators skipped up to MAX_GAP, every match's span replaced (overlapping
 * ones merged).
 */
function reference(text: string, secrets: readonly string[][]): string {
  const steps: Array<{ start: number; end: number; chars: readonly string[] | null }> = [];
  for (let at = 0; at < text.length;) {
    const step = readStep(text, at, true) as FormStep;
    steps.push({ start: at, end: at + step.length, chars: step.chars });
    at += step.length;
  }
  const units: Array<{ start: number; end: number; char: string; gapBefore: number }> = [];
  let gap = 0;
  for (const step of steps) {
    if (step.chars === null) gap += 1;
    else {
      for (const [i, char] of step.chars.entries()) {
        units.push({ start: step.start, end: step.end, char, gapBefore: i === 0 ? gap : 0 });
      }
      gap = 0;
    }
  }
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < units.length; i += 1) {
    for (const secret of secrets) {
      const at = (k: number) => units[i + k];
      const ok = secret.every((char, k) => at(k)?.char === char && (k === 0 || at(k)!.gapBefore <= MAX_GAP));
      if (ok) spans.push([units[i]!.start, units[i + secret.length - 1]!.end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  let open: [number, number] | undefined;
  for (const span of [...spans, [Infinity, Infinity] as [number, number]]) {
    if (open && span[0] < open[1]) open[1] = Math.max(open[1], span[1]);
    else {
      if (open) {
        out += text.slice(at, open[0]) + REDACTED;
        at = open[1];
      }
      open = span;
    }
  }
  return out + text.slice(at);
}

describe('the stream redactor against the reference', () => {
  it('any set of secrets, any text, cut anywhere: the same as the reference (fast-check)', () => {
    // A small alphabet so secrets overlap, share prefixes and contain one another.
    const letters = fc.constantFrom('a', 'b', 'c', '-', '%');
    const secretArb = fc.array(letters, { minLength: MIN_SECRET_CHARS, maxLength: 12 }).map((chars) => chars.join(''));
    const secretSets = fc.uniqueArray(secretArb, { minLength: 1, maxLength: 6 });
    const picksArb = fc.array(fc.nat(), { maxLength: 40 });
    const cutsArb = fc.array(fc.nat(), { maxLength: 12 });
    fc.assert(
      fc.property(secretSets, picksArb, cutsArb, (secrets, picks, cuts) => {
        clearSecretsForTests();
        for (const secret of secrets) registerSecret(secret);
        const spellings = ['a', 'b', 'c', '-', 'A', '&#x61;', '\\u0062', '%63', ' ', '\u00ad', '&', '\\', 'ｂ'];
        spellings.push(' '.repeat(MAX_GAP + 1), ...secrets);
        const text = picks.map((pick) => spellings[pick % spellings.length]).join('');
        const out = streamedInPieces(text, cuts);
        expect(out).toBe(
          reference(
            text,
            secrets.map(foldedChars).filter((s) => s.length >= MIN_SECRET_CHARS),
          ),
        );
        expect(out).toBe(redactSecrets(text));
      }),
      { numRuns: 400 },
    );
  });
});

describe('a secret registered while a stream runs', () => {
  it('is removed from what the stream still holds and from everything after', () => {
    const stream = createStreamRedactor();
    expect(stream.push('no secret yet, ')).toBe('no secret yet, ');
    registerSecret(key);
    expect(stream.push(`then ${key.slice(0, 5)}`)).toBe('then ');
    expect(stream.push(`${key.slice(5)} and ${key}`)).toBe(`${REDACTED} and `);
    expect(stream.end()).toBe(REDACTED);
  });
});
