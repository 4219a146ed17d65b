import { describe, expect, it } from 'vitest';
import { withComponents } from '../../renderer/host-components.ts';
import { createGroupChecker } from '../../core/vocabulary/check-group.ts';
import { defineType, ex, textRole } from '../../core/vocabulary/define.ts';
import { galleryTree } from '../../core/vocabulary/gallery.ts';
import { vocabularyJsonSchema } from '../../core/vocabulary/json-schema.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { vocabularyMarkdown } from '../../renderer/vocabulary-doc/vocabulary-doc.ts';
import { systemPrompt } from './system-prompt.ts';

/**
 * Issue 9: a new vocabulary type is one definition (plus its element, which names the definition
 * and takes its roles from it). Everything else follows from the definition: the validator, the
 * prompt, the reference docs, the JSON Schema and the gallery — nothing lists types a second time.
 */
const weatherBadge = defineType({
  type: 'weather-badge',
  category: 'display',
  description: 'A small badge with a weather condition and a temperature.',
  roles: [
    textRole('condition', 'sunny, cloudy or rain.', { required: true, values: ['sunny', 'cloudy', 'rain'] }),
    textRole('temperature', 'Like "21 °C".', { required: true }),
  ],
  events: [],
  example: ex.group('weather-badge', [
    ['condition', ex.plain('sunny')],
    ['temperature', ex.plain('21 °C')],
  ]),
});

describe('a new vocabulary type, from one definition', () => {
  const vocabulary = withComponents(BUILTIN_VOCABULARY, [{ definition: weatherBadge, tagName: 'weather-badge' }]);

  it('the validator enforces it', () => {
    const check = createGroupChecker(vocabulary);
    expect(check(weatherBadge.example as never, [])).toBeUndefined();
    expect(
      check(
        {
          type: 'weather-badge',
          group: [
            ['condition', { text: 'snow' }],
            ['temperature', { text: '1 °C' }],
          ],
        },
        [],
      )?.message,
    ).toContain('takes only "sunny", "cloudy", "rain"');
  });

  it('the prompt, the docs, the JSON Schema and the gallery show it', () => {
    expect(systemPrompt(vocabulary)).toContain('**weather-badge** — A small badge');
    // Its roles, values included; its example only if it teaches a handler (see needsExample).
    expect(systemPrompt(vocabulary)).toContain('roles: condition [sunny|cloudy|rain]; temperature: Like "21 °C"');
    expect(vocabularyMarkdown(vocabulary)).toContain('weather-badge');
    expect(JSON.stringify(vocabularyJsonSchema(vocabulary))).toContain('weather-badge');
    expect(JSON.stringify(galleryTree(vocabulary))).toContain('"type":"weather-badge"');
  });
});
