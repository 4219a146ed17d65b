import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../shared/index.ts';
import { componentTags, withComponents } from './host-components.ts';
import { SuipHostError } from './host-error.ts';
import { createGroupChecker } from '../core/vocabulary/check-group.ts';
import { defineType, ex, textRole } from '../core/vocabulary/define.ts';
import { BUILTIN_VOCABULARY } from '../core/vocabulary/registry.ts';

const productCard = defineType({
  type: 'product-card',
  category: 'display',
  description: 'A product with its name and price.',
  roles: [textRole('name', 'Product name.', { required: true }), textRole('price', 'Price.', { required: true })],
  events: [],
  example: ex.group('product-card', [
    ['name', ex.plain('Lamp')],
    ['price', ex.plain('€39')],
  ]),
});

describe('host components', () => {
  it('join the vocabulary, so the validator knows them and names them in errors', () => {
    const vocabulary = withComponents(BUILTIN_VOCABULARY, [{ definition: productCard, tagName: 'product-card' }]);
    expect(vocabulary.map((e) => e.type)).toContain('product-card');
    const check = createGroupChecker(vocabulary);
    expect(
      check(
        {
          type: 'product-card',
          group: [
            ['name', { text: 'Lamp' }],
            ['price', { text: '€39' }],
          ],
        },
        [],
      ),
    ).toBeUndefined();
    expect(check({ type: 'product-card', group: [['name', { text: 'Lamp' }]] }, [])).toMatchObject({
      code: ErrorCode.VocabularyViolation,
      message: expect.stringMatching(/product-card.*price|price.*product-card/),
    });
  });

  it('replace a built-in of the same type', () => {
    const card = defineType({ ...productCard, type: 'card' });
    const vocabulary = withComponents(BUILTIN_VOCABULARY, [{ definition: card, tagName: 'my-card' }]);
    expect(vocabulary.filter((e) => e.type === 'card')).toEqual([card]);
    expect(vocabulary).toHaveLength(BUILTIN_VOCABULARY.length);
  });

  it('take only custom element names as tags', () => {
    expect(componentTags([{ definition: productCard, tagName: 'product-card' }]).has('product-card')).toBe(true);
    for (const bad of ['div', 'Product-Card', 'x', 'script', 'a-b"><img']) {
      expect(() => componentTags([{ definition: productCard, tagName: bad }])).toThrow(SuipHostError);
    }
  });
});
