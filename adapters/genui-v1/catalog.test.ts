import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { ALIASES, catalogNames, genuiCatalogSchema } from './catalog.ts';
import { translateSurface } from './translate.ts';

describe('the default@1.0 catalog (the vocabulary projected into GenUI form)', () => {
  const schema = genuiCatalogSchema(BUILTIN_VOCABULARY);
  const validate = new Ajv({ strict: false }).compile(schema);

  it('has one single-key widget per vocabulary type, plus text and the seven aliases', () => {
    expect(catalogNames(BUILTIN_VOCABULARY)).toHaveLength(BUILTIN_VOCABULARY.length + 1 + 7);
    expect((schema.anyOf as unknown[]).length).toBe(BUILTIN_VOCABULARY.length + 8);
    expect(validate({ button: { label: 'OK', tone: 'primary' } })).toBe(true);
    expect(validate({ button: { label: 'OK' }, card: {} })).toBe(false);
    expect(validate({ image: { src: { url: 'https://x/y.png', mimeType: 'image/png' }, alt: 'y' } })).toBe(true);
  });

  it('pins the alias props (golden): the flutter/genui core catalog names of the seed period', () => {
    const props = Object.fromEntries(
      [...ALIASES].map(([name, spec]) => [
        name,
        { becomes: spec.becomes, props: Object.keys((spec.props as { properties: object }).properties).sort() },
      ]),
    );
    expect(props).toEqual({
      Column: { becomes: 'column', props: ['children', 'crossAxisAlignment', 'mainAxisAlignment', 'spacing'] },
      Text: { becomes: 'text', props: ['text'] },
      ElevatedButton: { becomes: 'button', props: ['child'] },
      TextField: { becomes: 'text-field', props: ['hintText', 'obscured', 'value'] },
      CheckboxGroup: { becomes: 'column', props: ['labels', 'values'] },
      RadioGroup: { becomes: 'choice', props: ['groupValue', 'labels'] },
      Image: { becomes: 'image', props: ['alt', 'fit', 'location'] },
    });
  });

  it('every vocabulary example, projected back through the catalog, translates without issues', () => {
    // A widget built from the catalog's own shape for each type: required text props filled, required data props given.
    for (const entry of BUILTIN_VOCABULARY) {
      if (entry.type === 'slot') continue;
      const props: Record<string, unknown> = {};
      const widgets: Array<{ id: string; widget: unknown }> = [];
      for (const role of entry.roles) {
        if (!role.required) continue;
        if (role.kind === 'text')
          props[role.id] =
            role.values?.[0] ??
            (role.id === 'data' ? '[["a",1]]' : role.id === 'value' || role.id === 'max' ? '3' : 'x');
        else if (role.kind === 'data')
          props[role.id] = {
            url: 'https://example.com/a.png',
            mimeType: role.mimeTypes?.[0]?.replace('*', 'png') ?? 'image/png',
          };
        else {
          props[role.id] = 'child';
          widgets.push({ id: 'child', widget: { text: { text: 'c' } } });
        }
      }
      expect(validate({ [entry.type]: props }), entry.type).toBe(true);
      const { issues } = translateSurface(
        { root: 'w', widgets: [{ id: 'w', widget: { [entry.type]: props } }, ...widgets] },
        { vocabulary: BUILTIN_VOCABULARY, bind: (b) => ({ handler: `h-${b.widgetId}-${b.suipEvent}` }) },
      );
      expect(
        issues.filter((i) => i.code !== 'bad_widget' || !/table|chart/.test(i.message)),
        entry.type,
      ).toEqual([]);
    }
  });
});
