import { describe, expect, it } from 'vitest';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { dataRole, defineType, ex, otherChildren, textRole } from '../../core/vocabulary/define.ts';
import { createCommandValidator } from '../../server/genui/validate-command.ts';
import { augmentationsSchema, augmentedVocabulary, MAX_AUGMENTED_WIDGETS } from './augmentations.ts';
import { translateSurface } from './translate.ts';

const productCard = defineType({
  type: 'product-card',
  category: 'display',
  description: 'A product with its name, price and picture.',
  roles: [
    textRole('name', 'Product name.', { required: true }),
    textRole('price', 'Price with currency.'),
    dataRole('picture', 'A photo.'),
    otherChildren('any', 'Extra content.'),
  ],
  events: [],
  example: ex.group('product-card', [['name', ex.plain('Lamp')]]),
});
const surface = (widget: Record<string, unknown>) => ({
  addOrUpdateSurface: {
    surfaceId: 's',
    definition: {
      root: 'p',
      widgets: [
        { id: 'p', widget },
        { id: 'note', widget: { text: { text: 'in stock' } } },
      ],
    },
  },
});

describe('augmentations', () => {
  it('round-trips a client definition through its JSON Schema: the server derives the same roles back', () => {
    const { entries, ignored } = augmentedVocabulary(
      augmentationsSchema([{ definition: productCard, render: 'component' }]),
      BUILTIN_VOCABULARY,
    );
    expect(ignored).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.type).toBe('product-card');
    expect(entries[0]!.roles.map((r) => [r.id, r.kind, r.required ?? false])).toEqual([
      ['name', 'text', true],
      ['price', 'text', false],
      ['picture', 'data', false],
      ['*', 'any', false],
    ]);
  });

  it("the server validates a widget the client added (the renderer's own transaction check), and refuses it without the augmentation", () => {
    const { entries } = augmentedVocabulary(
      augmentationsSchema([{ definition: productCard, render: 'component' }]),
      BUILTIN_VOCABULARY,
    );
    const widget = { 'product-card': { name: 'Desk lamp', price: '€39', children: ['note'] } };
    expect(createCommandValidator([...BUILTIN_VOCABULARY, ...entries])(surface(widget))).toMatchObject({
      ok: true,
      surfaceId: 's',
    });
    expect(createCommandValidator(BUILTIN_VOCABULARY)(surface(widget))).toMatchObject({
      ok: false,
      errors: [expect.stringContaining('unknown widget "product-card"')],
    });
    // A missing required prop is still the renderer's precise error.
    expect(
      createCommandValidator([...BUILTIN_VOCABULARY, ...entries])(surface({ 'product-card': { price: '€39' } })),
    ).toMatchObject({ ok: false, errors: [expect.stringContaining('name')] });
  });

  it('a fallback widget becomes a visible card listing its props and holding its children', () => {
    const translation = translateSurface(
      surface({ 'product-card': { name: 'Desk lamp', price: '€39', children: ['note'] } }).addOrUpdateSurface
        .definition,
      { vocabulary: BUILTIN_VOCABULARY, fallbacks: [productCard], bind: () => undefined },
    );
    expect(translation.issues).toEqual([]);
    expect(translation.tree).toEqual({
      type: 'card',
      group: [
        ['title', { text: 'product-card', mimeType: 'text/plain' }],
        ['p-name', { text: 'name: Desk lamp', mimeType: 'text/plain' }],
        ['p-price', { text: 'price: €39', mimeType: 'text/plain' }],
        ['note', { text: 'in stock', mimeType: 'text/plain' }],
      ],
    });
  });

  it("names in another client's style get a particle type each, one to one, and errors say the client's names", () => {
    const one = (name: string) => ({
      properties: { [name]: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] } },
    });
    const { entries, types, ignored } = augmentedVocabulary(
      { anyOf: ['StarRating', 'Star_Rating', 'x-star-rating', 'HTMLView', 'Column'].map(one) },
      BUILTIN_VOCABULARY,
    );
    expect(ignored).toEqual([expect.stringContaining('"Column" has the name of a base catalog widget')]);
    expect(entries.map((e) => e.type)).toEqual(['x-star-rating-2', 'x-star-rating-3', 'x-star-rating', 'x-html-view']);
    expect([...types]).toEqual([
      ['StarRating', 'x-star-rating-2'],
      ['Star_Rating', 'x-star-rating-3'],
      ['HTMLView', 'x-html-view'],
    ]);
    const validate = createCommandValidator([...BUILTIN_VOCABULARY, ...entries], types);
    expect(validate(surface({ Star_Rating: { label: 'four' } }))).toMatchObject({ ok: true });
    // The type standing for a name is not a widget name of its own.
    expect(validate(surface({ 'x-star-rating-3': { label: 'four' } }))).toMatchObject({ ok: false });
    const refused = validate(surface({ StarRating: {} }));
    expect(refused).toMatchObject({ ok: false, errors: [expect.stringContaining('label')] });
    expect(JSON.stringify(refused)).not.toContain('x-star-rating-2');
  });

  it('hostile augmentations are bounded: base names, odd names and the surplus are ignored and said', () => {
    const one = (name: string) => ({
      properties: { [name]: { type: 'object', properties: { label: { type: 'string' } } } },
    });
    const schema = {
      anyOf: [
        one('button'),
        one('__proto__'),
        one('bad name!'),
        ...Array.from({ length: MAX_AUGMENTED_WIDGETS + 5 }, (_, i) => one(`w${i}`)),
      ],
    };
    const { entries, ignored } = augmentedVocabulary(schema, BUILTIN_VOCABULARY);
    expect(entries.every((e) => /^w\d+$/.test(e.type))).toBe(true);
    expect(entries.length).toBe(MAX_AUGMENTED_WIDGETS - 3);
    expect(ignored.join('\n')).toMatch(/"button" has the name of a base catalog widget/);
    expect(ignored.join('\n')).toMatch(/"__proto__" is not a name/);
    expect(ignored.join('\n')).toMatch(/only the first 64/);
    expect(augmentedVocabulary('nonsense', BUILTIN_VOCABULARY)).toEqual({
      entries: [],
      types: new Map(),
      ignored: [expect.stringContaining('neither')],
    });
  });
});
