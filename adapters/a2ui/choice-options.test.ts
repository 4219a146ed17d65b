import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { createSurfaceView } from './surface-view.ts';
import { suipPipeline } from './testing/pipeline.ts';

type Node = { group?: Array<[string, Node]>; text?: string; type?: string; on?: Record<string, { handler: string }> };
const v = 'v0.9';

/** The bridge wired to the real generator ⇄ renderer session pair (vocabulary check on every transaction). */
async function mounted() {
  const p = await suipPipeline();
  const sent: A2uiOutgoing[] = [];
  const holder: { view?: ReturnType<typeof createSurfaceView> } = {};
  const bridge = new A2uiBridge({ send: (out) => sent.push(out), onChange: () => holder.view?.schedule() });
  holder.view = createSurfaceView(bridge, (tree) => p.generator.render(tree));
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await holder.view!.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    p,
    bridge,
    sent,
    settle,
    picker: (id: string) =>
      (p.root() as Node).group!.find(([cid]) => cid === 's')![1].group!.find(([cid]) => cid === id)![1],
  };
}

describe('ChoicePicker options named like a role (issue 28 item 12)', () => {
  it(
    'options "variant", "placeholder", "label" and "value" render as ' +
      'options through the renderer validator, and choosing one writes its own value',
    async () => {
      const m = await mounted();
      m.bridge.receive({ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
      m.bridge.receive({
        version: v,
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['one', 'many'] },
            {
              id: 'one',
              component: 'ChoicePicker',
              label: 'Field',
              value: { path: '/one' },
              options: ['variant', 'placeholder', 'label', 'value', 'size'].map((o) => ({
                value: o,
                label: `The ${o}`,
              })),
            },
            {
              id: 'many',
              component: 'ChoicePicker',
              variant: 'multipleSelection',
              label: 'Fields',
              value: { path: '/many' },
              options: [
                { value: 'hint', label: 'Hint' },
                { value: 'error', label: 'Error' },
                { value: 'x', label: 'X' },
              ],
            },
          ],
        },
      });
      m.bridge.receive({
        version: v,
        updateDataModel: { surfaceId: 's', path: '/', value: { one: ['variant'], many: ['hint', 'x'] } },
      });
      await m.settle();
      expect(m.p.violations).toEqual([]);
      expect(m.sent).toEqual([]);
      const one = m.picker('one');
      expect(one.type).toBe('choice');
      expect(one.group!.map(([id, n]) => [id, n.text])).toEqual([
        ['label', 'Field'],
        ['value', '~variant'],
        ['~variant', 'The variant'],
        ['~placeholder', 'The placeholder'],
        ['~label', 'The label'],
        ['~value', 'The value'],
        ['size', 'The size'],
      ]);
      m.p.fire(['s', 'one'], 'change', one.on!.change!.handler, { value: '~placeholder' });
      const many = m.picker('many');
      expect(many.group!.find(([id]) => id === 'value')![1].text).toBe('~hint\nx');
      m.p.fire(['s', 'many'], 'change', many.on!.change!.handler, { value: '~error\n~hint' });
      await m.settle();
      expect(m.bridge.dataModel('s')).toEqual({ one: ['placeholder'], many: ['error', 'hint'] });
      expect(m.p.violations).toEqual([]);
    },
  );

  it(
    'a repeated or non-string option value is left out with ' +
      'VALIDATION_FAILED at its path; the picker still renders',
    async () => {
      const m = await mounted();
      m.bridge.receive({ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
      m.bridge.receive({
        version: v,
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['p'] },
            {
              id: 'p',
              component: 'ChoicePicker',
              label: 'Pick',
              options: [
                { value: 'a', label: 'A' },
                { value: 'a', label: 'A again' },
                { value: 3, label: 'Three' },
              ],
            },
          ],
        },
      });
      await m.settle();
      expect(m.p.violations).toEqual([]);
      const errors = m.sent.map((o) => ('error' in o.message ? o.message.error : undefined));
      expect(errors).toEqual([
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          path: '/components/1/options/2/value',
          message: 'option 2 needs "value": a string (it is left out)',
        }),
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          path: '/components/1/options/1/value',
          message: expect.stringContaining('repeats the value "a"'),
        }),
      ]);
      expect(m.picker('p').group!.map(([id]) => id)).toEqual(['label', 'a']);
    },
  );
});
