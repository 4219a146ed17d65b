import { afterEach, describe, expect, it } from 'vitest';
import { findGroup, childText } from '../testing/find.ts';
import { KANBAN_DATA, KANBAN_DEFINE } from '../testing/samples.ts';
import { start, type WidgetHandler } from './shell-main.ts';
import { suipPipeline } from '../../a2ui/testing/pipeline.ts';

const limits = { maxNodes: 2000, maxDepth: 24 };

/** The shell in Node with a real generator session standing in for the Worker's `suip`. */
async function shell(
  html: string,
  data: Record<string, unknown>,
  handler: WidgetHandler | undefined,
  extra: { defaults?: Record<string, unknown>; actions?: Array<{ name: string; emits?: string }> } = {},
) {
  const p = await suipPipeline();
  const outputs: Array<[string, unknown]> = [];
  const inputs = new Map<string, (value: unknown) => void>();
  (globalThis as Record<string, unknown>).suip = {
    render: (tree: never) => p.generator.render(tree),
    output: (channel: string, value: unknown) => void outputs.push([channel, value]),
    onInput: (channel: string, hook: (value: unknown) => void) => void inputs.set(channel, hook),
  };
  start({ html, limits, ...extra }, data, handler);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  await settle();
  const click = async (label: RegExp) => {
    const found = findGroup(p.root(), (g) => g.type === 'button' && label.test(childText(g, 'label') ?? ''));
    if (found === undefined) throw new Error(`no button ${label}`);
    p.fire(found.path, 'click', found.node.on!.click!.handler, null);
    await settle();
  };
  return { p, outputs, inputs, click, settle, text: () => JSON.stringify(p.root()) };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).suip;
});

describe('the widget shell', () => {
  it("runs the seed's kanban: Pick up / Move here moves a card locally, counts update, no agent call", async () => {
    // The author's js as the instance program would hold it.
    const handler = new Function(
      'action',
      'payload',
      'data',
      'render',
      'root',
      KANBAN_DEFINE.component.js,
    ) as WidgetHandler;
    const w = await shell(KANBAN_DEFINE.component.html, structuredClone(KANBAN_DATA) as never, handler, {
      actions: [...KANBAN_DEFINE.component.actions],
    });
    expect(w.p.violations).toEqual([]);
    expect(w.text()).toContain('To do (2)');
    await w.click(/^Pick up Write spec$/);
    expect(w.text()).toContain('Put back Write spec');
    await w.click(/^Move here: Done$/);
    expect(w.text()).toContain('To do (1)');
    expect(w.text()).toContain('Done (1)');
    const done = findGroup(w.p.root(), (g) => childText(g, 'n0')?.startsWith('## Done') === true)!;
    expect(JSON.stringify(done.node)).toContain('Write spec');
    expect(w.outputs).toEqual([]);
    expect(w.p.violations).toEqual([]);
  });

  it('a handler that does not return true sends the action to the agent; a throwing one is reported', async () => {
    const w = await shell(
      '<button data-action="save" data-item-id="7">Save</button><button data-action="boom">Boom</button>',
      {},
      (action) => {
        if (action === 'boom') throw new Error('kaput');
        return false;
      },
    );
    await w.click(/^Save$/);
    await w.click(/^Boom$/);
    expect(w.outputs).toEqual([
      ['widget-action', { action: 'save', payload: { itemId: '7' } }],
      ['widget-error', { message: 'the widget\'s js threw on "boom": kaput' }],
      ['widget-action', { action: 'boom', payload: {} }],
    ]);
  });

  it('patch and replace from the agent re-render; defaults fill missing props', async () => {
    const w = await shell('<p>{{greeting}} {{name}}</p>', { name: 'Ada' }, undefined, {
      defaults: { greeting: 'Hello' },
    });
    expect(w.text()).toContain('Hello Ada');
    w.inputs.get('patch')!({ name: 'Grace' });
    await w.settle();
    expect(w.text()).toContain('Hello Grace');
    w.inputs.get('replace')!({ greeting: 'Hi' });
    await w.settle();
    expect(w.text()).toContain('"text":"Hi"');
    expect(w.text()).not.toContain('Grace');
  });

  it('drops scripts, styles, frames, inline handlers; maps text, headings, lists, tables, fields, images', async () => {
    const w = await shell(
      [
        '<script>alert(1)</script><style>*{}</style><iframe src="x"></iframe><h2 ',
        'onclick="x()">Title *x*</h2><p>Some <b>bold</b> text</p><ul><li>one</li>',
        '<li>two</li></ul><table><tr><th>A</th></tr><tr><td>1</td></tr></table>',
        '<input type="checkbox" aria-label="Done"><input type="email" placeholder="Mail">',
        '<img src="data:image/png;base64,AA" alt="dot"><hr><pre>code()</pre><progress ',
        'value="3" max="10"></progress>',
      ].join(''),
      {},
      undefined,
    );
    expect(w.p.violations).toEqual([]);
    const text = w.text();
    expect(text).not.toMatch(/alert\(1\)|onclick|iframe|\*\{\}/);
    for (const type of [
      '"list"',
      '"table"',
      '"checkbox"',
      '"text-field"',
      '"image"',
      '"divider"',
      '"code"',
      '"progress"',
    ])
      expect(text).toContain(type);
    expect(text).toContain('"## Title \\\\*x\\\\*"');
    expect(text).toContain('Some bold text');
  });

  it('a template over its element limit shows an error naming the limit', async () => {
    const w = await shell(
      '{{#each xs}}<i></i><b></b>{{/each}}',
      { xs: Array.from({ length: 1500 }, () => 0) },
      undefined,
    );
    expect(w.text()).toContain('more than 2000 elements (limit maxTemplateNodes)');
  });
});
