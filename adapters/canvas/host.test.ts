import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/channel.ts';
import { headlessTarget } from '../a2ui/testing/headless-target.ts';
import { createCanvasHost, type CanvasIssue } from './host.ts';
import type { WidgetAction } from '../../shared/neighbours/canvas/ops.ts';
import { childText, findGroup } from './testing/find.ts';
import { SAMPLES } from './testing/samples.ts';

type Rpc = { method?: string; params?: unknown };

/** The headless renderer, with every transaction the canvas sends recorded (the op log). */
function target() {
  const inner = headlessTarget();
  const transactions: Array<Array<{ method: string; params: { path: string[]; id: string; particle?: unknown } }>> = [];
  return {
    ...inner,
    transactions,
    attach: () => Promise.reject(new Error('no sandbox in Node')),
    detach: () => Promise.resolve(),
    attachRemote(options: { id: string; channel: Channel }) {
      const channel: Channel = {
        send: (text) => options.channel.send(text),
        close: () => options.channel.close(),
        onMessage: (listener) =>
          options.channel.onMessage((text) => {
            const parsed = JSON.parse(String(text)) as Rpc | Rpc[];
            const ops = (Array.isArray(parsed) ? parsed : [parsed]).filter((m) => m.method?.startsWith('suip/ops/'));
            if (ops.length > 0)
              transactions.push(ops.map((m) => ({ method: m.method!.slice(9), params: m.params as never })));
            listener(text);
          }),
      };
      return inner.attachRemote({ id: options.id, channel }) as never;
    },
  };
}

async function setup() {
  const t = target();
  const issues: CanvasIssue[] = [];
  const actions: WidgetAction[] = [];
  const host = await createCanvasHost(t, { onIssue: (i) => issues.push(i), onAction: (a) => actions.push(a) });
  return { t, host, issues, actions };
}

describe('createCanvasHost', () => {
  it('renders every built-in on one canvas with zero vocabulary errors', async () => {
    const { t, host, issues } = await setup();
    for (const [type, data] of Object.entries(SAMPLES))
      expect(host.apply({ op: 'upsert', id: `x-${type}`, type, data })).toBe(true);
    await host.settle();
    expect(issues).toEqual([]);
    expect(t.violations).toEqual([]);
    expect(JSON.stringify(t.tree())).toContain('Partly Cloudy');
  });

  it('a patch of one field sends exactly one leaf op', async () => {
    const { t, host } = await setup();
    host.apply({
      op: 'upsert',
      id: 'weather-paris',
      type: 'weather',
      data: { city: 'Paris', temp: 18, condition: 'Partly Cloudy' },
    });
    host.apply({ op: 'upsert', id: 'other', type: 'card', data: { title: 'x', text: 'y' } });
    await host.settle();
    const before = t.transactions.length;
    host.apply({ op: 'patch', id: 'weather-paris', data: { condition: 'Sunny' } });
    await host.settle();
    const sent = t.transactions.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(1);
    expect(sent[0]![0]!.method).toBe('replace');
    expect(sent[0]![0]!.params.path).toEqual(['root', 'zone:main', 'weather-paris', 'body']);
  });

  it('a move within a zone is a suip move (remove + insert without particle)', async () => {
    const { t, host } = await setup();
    for (const id of ['a', 'b', 'c']) host.apply({ op: 'upsert', id, type: 'card', data: { title: id, text: id } });
    await host.settle();
    const before = t.transactions.length;
    host.apply({ op: 'move', id: 'c', layout: { order: 0 } });
    await host.settle();
    const ops = t.transactions.slice(before).flat();
    expect(ops.map((o) => o.method)).toEqual(['remove', 'insert']);
    expect(ops[1]!.params.particle).toBeUndefined();
  });

  it('refused ops are reported with the reason and the canvas goes on', async () => {
    const { host, issues } = await setup();
    expect(host.apply({ op: 'patch', id: 'ghost', data: {} })).toBe(false);
    expect(host.apply('{"op":"upsert"}')).toBe(false);
    expect(host.apply({ op: 'define', id: 'bad-one', component: { html: '{{#each x}}' } })).toBe(false);
    expect(issues.map((i) => i.message)).toEqual([
      expect.stringContaining('no component with this id'),
      'an op is a JSON object {op, …}',
      expect.stringContaining('is never closed'),
    ]);
    expect(host.apply({ op: 'upsert', id: 'ok', type: 'card', data: {} })).toBe(true);
  });

  it('an instance of a defined-but-broken type says so (not "unknown type"); a fixed define clears it', async () => {
    const { t, host, issues } = await setup();
    expect(
      host.apply({ op: 'define', id: 'bad-one', component: { html: '<ul>\n  {{#each items}}<li>{{.}}</li>\n</ul>' } }),
    ).toBe(false);
    expect(host.apply({ op: 'upsert', id: 'w1', type: 'bad-one', data: { items: [1] } })).toBe(true);
    await host.settle();
    const text = JSON.stringify(t.tree());
    expect(text).toContain('Widget w1 is broken');
    expect(text).toContain('line 2, column 3');
    expect(text).not.toContain('Unknown component type');
    expect(issues.map((i) => [i.widget, i.id])).toEqual([
      ['define-refused', 'bad-one'],
      ['broken-type', 'w1'],
    ]);
    expect(issues[0]!.message).toContain(
      'define bad-one: the template does not parse: {{#each}} opened at line 2, column 3 is never closed',
    );
    // undefine forgets the broken type: the instance is then an unknown type like any other.
    host.apply({ op: 'undefine', id: 'bad-one' });
    host.apply({ op: 'patch', id: 'w1', data: { items: [2] } });
    await host.settle();
    expect(JSON.stringify(t.tree())).toContain('Unknown component type');
  });

  it('a snapshot holding a refused define labels its instances broken too (a page that joins later)', async () => {
    const { t, host, issues } = await setup();
    host.reset([
      { op: 'define', id: 'bad-one', component: { html: '{{/each}}' } },
      { op: 'upsert', id: 'w2', type: 'bad-one', data: {}, layout: { zone: 'main' } },
    ]);
    await host.settle();
    expect(JSON.stringify(t.tree())).toContain('Widget w2 is broken');
    expect(issues.map((i) => [i.widget, i.id])).toEqual([
      ['define-refused', 'bad-one'],
      ['broken-type', 'w2'],
    ]);
  });

  it('interactions of built-ins reach the agent as widget-action {id, action, payload}', async () => {
    const { t, host, actions } = await setup();
    host.apply({ op: 'upsert', id: 'act', type: 'buttons', data: SAMPLES.buttons! });
    await host.settle();
    const found = findGroup(t.tree(), (g) => g.type === 'button' && childText(g, 'label') === 'Reject')!;
    t.fire(found.path, 'click', found.node.on!.click!.handler, null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actions).toEqual([{ type: 'widget-action', id: 'act', action: 'reject', payload: {} }]);
  });

  it('reset replaces the canvas with a snapshot', async () => {
    const { host } = await setup();
    host.apply({ op: 'upsert', id: 'old', type: 'card', data: {} });
    host.reset([{ op: 'upsert', id: 'new', type: 'card', data: {} }]);
    await host.settle();
    expect([...host.state.components.keys()]).toEqual(['new']);
  });
});
