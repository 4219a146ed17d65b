import { describe, expect, it } from 'vitest';
import type { HandlerEvent, ModelParticle } from '../../generator/kit.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { chips, form } from '../canvas/types/interactive.ts';
import { mapHtml } from '../canvas/widget/html-map.ts';
import { parseHtml } from '../canvas/widget/html-tree.ts';
import type { EventBinding } from '../genui-v1/events.ts';
import { translateSurface } from '../genui-v1/translate.ts';
import { rendererRefusal } from './testing-accepts.ts';

/**
 * Issue 28 item 12, adapter by adapter: an option whose value is a role name of its type
 * (`variant`, `placeholder`, `label`, …) used to make the renderer refuse the whole surface with
 * -32004. Each adapter now builds its options with the kit; the renderer's own transaction
 * accepts the result, and choosing the option reports its own value. (A2UI: choice-options.test.ts.)
 */
type Group = {
  type?: string;
  group: Array<readonly [string, ModelParticle]>;
  on?: Record<string, { handler: unknown }>;
};
const find = (p: ModelParticle, type: string): Group => {
  const stack = [p];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ('group' in n) {
      if (n.type === type) return n as Group;
      stack.push(...n.group.map(([, c]) => c));
    }
  }
  throw new Error(`no ${type} in ${JSON.stringify(p).slice(0, 300)}`);
};
const ids = (g: Group) => g.group.map(([id]) => id);
const fire = (g: Group, event: string, payload: Partial<HandlerEvent>) =>
  (g.on![event]!.handler as (e: HandlerEvent) => void)(payload as HandlerEvent);

describe('options named like a role, in every adapter, through the renderer validator', () => {
  it('canvas custom widget: a <select> with options "placeholder" and "variant" renders, and choosing one dispatches its value', () => {
    const dispatched: Array<[string, Record<string, unknown>]> = [];
    const html =
      '<label>Shown <select aria-label="Shown part" data-action="pick"><option value="placeholder">The placeholder</option><option value="variant" selected>The variant</option><option value="New York">NY</option><option value="m">Medium</option></select></label>';
    const tree = mapHtml(parseHtml(html, { maxNodes: 500, maxDepth: 24 }), {
      dispatch: (action, payload) => dispatched.push([action, payload]),
      picked: () => undefined,
      pick: () => undefined,
      emits: (n) => n,
    });
    expect(rendererRefusal(tree)).toBeUndefined();
    const select = find(tree, 'choice');
    expect(ids(select)).toEqual(['label', 'value', '~placeholder', '~variant', 'New York', 'm']);
    expect((select.group[1]![1] as { text: string }).text).toBe('~variant');
    fire(select, 'change', { value: '~placeholder' });
    fire(select, 'change', { value: 'New York' });
    expect(dispatched.map(([, p]) => p.value)).toEqual(['placeholder', 'New York']);
  });

  it('canvas built-in form: a select field with options "variant" and "placeholder" renders, and the submit carries the option value', () => {
    const emitted: Array<[string, Record<string, unknown>]> = [];
    const tree = form(
      {
        title: 'Order',
        id: 'o',
        fields: [
          {
            name: 'part',
            type: 'select',
            label: 'Part',
            value: 'variant',
            options: [
              { value: 'variant', label: 'The variant' },
              { value: 'placeholder', label: 'The placeholder' },
              'm',
            ],
          },
          { name: 'note', type: 'text', label: 'Note' },
        ],
        actions: [{ label: 'Send', action: 'send' }],
      },
      { id: 'w', emit: (a, p) => emitted.push([a, p]) },
    );
    expect(rendererRefusal(tree)).toBeUndefined();
    const choice = find(tree, 'choice');
    expect(ids(choice)).toEqual(['label', 'value', '~variant', '~placeholder', 'm']);
    // A typed text that happens to start with the escape mark is the user's, not an option id.
    fire(find(tree, 'form'), 'submit', { formData: { part: '~placeholder', note: '~as typed' } });
    expect(emitted).toEqual([['send', { formId: 'o', formData: { part: 'placeholder', note: '~as typed' } }]]);
  });

  it('canvas built-in chips: chips valued "label" and "hint" render as options and the selection reads back as values', () => {
    const emitted: Array<[string, Record<string, unknown>]> = [];
    const tree = chips(
      {
        title: 'Tags',
        chips: [
          { text: 'Label', value: 'label', checked: true },
          { text: 'Hint', value: 'hint' },
          { text: 'Red', value: 'red', checked: true },
        ],
      },
      { id: 'c', emit: (a, p) => emitted.push([a, p]) },
    );
    expect(rendererRefusal(tree)).toBeUndefined();
    const group = find(tree, 'multi-choice');
    expect((group.group.find(([id]) => id === 'value')![1] as { text: string }).text).toBe('~label\nred');
    fire(group, 'change', { value: '~hint\nred' });
    expect(emitted).toEqual([['chips', { value: ['hint', 'red'] }]]);
  });

  it('GenUI v1.0: a choice widget with options "variant" and "placeholder" renders, its value selects, and the UiEvent value is the option value', () => {
    const bindings: EventBinding[] = [];
    const { tree, issues } = translateSurface(
      {
        root: 'c',
        widgets: [
          {
            id: 'c',
            widget: {
              choice: {
                label: 'Part',
                value: 'variant',
                options: [
                  { value: 'variant', label: 'The variant' },
                  { value: 'placeholder', label: 'The placeholder' },
                  { value: 'size', label: 'Size' },
                ],
              },
            },
          },
        ],
      },
      {
        vocabulary: BUILTIN_VOCABULARY,
        bind: (b) => (bindings.push(b), { handler: `h-${b.widgetId}`, data: 'value' }),
      },
    );
    expect(issues).toEqual([]);
    expect(rendererRefusal(tree)).toBeUndefined();
    const choice = find(tree, 'choice');
    expect(ids(choice)).toEqual(['label', 'value', '~variant', '~placeholder', 'size']);
    expect((choice.group[1]![1] as { text: string }).text).toBe('~variant');
    expect(bindings.map((b) => b.value?.({ value: '~placeholder' } as HandlerEvent))).toEqual(['placeholder']);
  });

  it('GenUI v1.0: a repeated option value is a widget issue naming the option, not a refused surface', () => {
    const { tree, issues } = translateSurface(
      {
        root: 'c',
        widgets: [
          {
            id: 'c',
            widget: {
              choice: {
                label: 'Part',
                options: [
                  { value: 'a', label: 'A' },
                  { value: 'a', label: 'A2' },
                ],
              },
            },
          },
        ],
      },
      { vocabulary: BUILTIN_VOCABULARY, bind: () => undefined },
    );
    expect(rendererRefusal(tree)).toBeUndefined();
    expect(issues.map((i) => [i.code, i.widgetId])).toEqual([['bad_widget', 'c']]);
    expect(issues[0]!.message).toContain('option 1 repeats the value "a"');
  });
});
