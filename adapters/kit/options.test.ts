import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { RESERVED_KEYS } from '../../shared/reserved.ts';
import { decodeChildId, decodeSelection, encodeChildId } from './option-ids.ts';
import { DEFAULT_MAX_ID_LENGTH, optionChildren } from './options.ts';
import { DEFAULT_LIMITS } from '../../shared/limits.ts';
import { plainText } from './text.ts';
import { rendererRefusal } from './testing-accepts.ts';
import { rolesOf } from './vocabulary.ts';

/** Every role name of every vocabulary type, the reserved keys, and the ids that stress the escape. */
const ROLE_NAMES = [...new Set(BUILTIN_VOCABULARY.flatMap((e) => e.roles.map((r) => r.id)))];
const TRICKY = [
  ...ROLE_NAMES,
  ...RESERVED_KEYS,
  '',
  '~',
  '~variant',
  '%',
  '%000a',
  ' a',
  'a ',
  'a\nb',
  '\n',
  '\u2028',
  'x'.repeat(300),
];
const anyId = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom('~', '%', ' ', '\n', 'a', '0'), maxLength: 8 }),
);
/** The types whose other children are text options. */
const OPTION_TYPES = BUILTIN_VOCABULARY.filter((e) => rolesOf(e.type)?.others === 'text').map((e) => e.type);

/** A group of the type with its required roles filled (first allowed value, else plain text) and the built options. */
function build(type: string, values: readonly string[], select?: string) {
  const entry = BUILTIN_VOCABULARY.find((e) => e.type === type)!;
  const built = optionChildren(
    rolesOf(type),
    values.map((value, i) => ({ value, label: `Option ${i}` })),
    { adapter: 'kit' },
  );
  const required = entry.roles
    .filter((r) => r.required && r.id !== '*')
    .map((r) => [r.id, plainText(r.values?.[0] ?? 'x')] as const);
  const chosen = select === undefined ? undefined : built.idOf(select);
  const value =
    chosen !== undefined && rolesOf(type)!.named.has('value') ? [['value', plainText(chosen)] as const] : [];
  return { particle: { type, group: [...required, ...value, ...built.children] }, built };
}

describe('the kit builds option particles the renderer accepts, whatever the option ids', () => {
  it('covers the option types of the vocabulary', () => {
    expect(OPTION_TYPES.sort()).toEqual(['choice', 'multi-choice', 'tags']);
  });

  it('property: any option ids (every role name of every type, reserved keys, escapes, whitespace, binary) pass the renderer validator', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPTION_TYPES),
        fc.array(anyId, { maxLength: 12 }),
        fc.nat(12),
        (type, values, pick) => {
          const { particle, built } = build(type, values, values[pick]);
          expect(rendererRefusal(particle)).toBeUndefined();
          // Every distinct value is kept unless its escaped id is too long; each one that is left out is reported.
          const distinct = new Set(values);
          expect(built.children.length + built.issues.length).toBe(values.length);
          for (const v of distinct)
            if (built.idOf(v) === undefined) expect(encodeChildId(rolesOf(type)!, v).length).toBeGreaterThan(256);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('property: every role name as an option, all at once, in every option type', () => {
    for (const type of OPTION_TYPES) {
      const { particle, built } = build(type, ROLE_NAMES, 'variant');
      expect([type, rendererRefusal(particle)]).toEqual([type, undefined]);
      expect(built.issues).toEqual([]);
      expect(built.children).toHaveLength(ROLE_NAMES.length);
    }
  });

  it('property: ids decode to their values, are one-to-one, never a role, a reserved key, or trimmed away', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPTION_TYPES), anyId, anyId, (type, a, b) => {
        const ia = encodeChildId(rolesOf(type)!, a);
        expect(decodeChildId(ia)).toBe(a);
        if (a !== b) expect(ia).not.toBe(encodeChildId(rolesOf(type)!, b));
        expect(rolesOf(type)!.named.has(ia)).toBe(false);
        expect(RESERVED_KEYS.has(ia)).toBe(false);
        expect(ia.trim()).toBe(ia);
        expect(ia.includes('\n')).toBe(false);
        expect(ia).not.toBe('');
      }),
    );
  });

  it('a multi-choice selection (ids joined by newlines, as the renderer sends it) decodes to the values', () => {
    const ids = ['hint', 'a\nb', ' x', 'plain'].map((v) => encodeChildId(rolesOf('multi-choice')!, v));
    expect(ids).toEqual(['~hint', '~a%000ab', '~%0020x', 'plain']);
    expect(decodeSelection(ids.join('\n'))).toEqual(['hint', 'a\nb', ' x', 'plain']);
  });

  it('repeated and over-long values are left out with an issue each, and the rest render', () => {
    const { particle, built } = build('choice', ['a', 'a', '~'.repeat(300), 'b']);
    expect(rendererRefusal(particle)).toBeUndefined();
    expect(built.issues.map((i) => i.code)).toEqual(['duplicate_option', 'option_too_long']);
    expect(built.children.map(([id]) => id)).toEqual(['a', 'b']);
  });

  it("the shell-safe id bound equals the renderer's default maxIdLength", () => {
    expect(DEFAULT_MAX_ID_LENGTH).toBe(DEFAULT_LIMITS.maxIdLength);
  });

  it('without the kit, the renderer refuses an option id that is a role (the bug it closes)', () => {
    expect(
      rendererRefusal({
        type: 'choice',
        group: [
          ['label', plainText('Size')],
          ['variant', plainText('Large')],
        ],
      })?.code,
    ).toBe(-32004);
  });
});
