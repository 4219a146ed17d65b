import { describe, expect, it } from 'vitest';
import { A2uiBridge, type A2uiBridgeOptions } from './bridge.ts';
import { BASIC_CATALOG_ID, MINIMAL_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { createSurfaceView } from './surface-view.ts';
import { suipPipeline } from './testing/pipeline.ts';
import { a2uiValidators } from './testing/schemas.ts';

const validators = a2uiValidators();
const v = 'v0.9';
const create = (surfaceId = 's', sendDataModel = false) => ({
  version: v,
  createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID, sendDataModel },
});
const components = (list: unknown[], surfaceId = 's') => ({
  version: v,
  updateComponents: { surfaceId, components: list },
});
const data = (path: string, value?: unknown, surfaceId = 's') => ({
  version: v,
  updateDataModel: value === undefined ? { surfaceId, path } : { surfaceId, path, value },
});

type Node = { group?: Array<[string, Node]>; text?: string; type?: string; on?: Record<string, { handler: string }> };

function find(node: Node, path: string[]): Node {
  let at = node;
  for (const id of path) {
    const next = at.group?.find(([cid]) => cid === id)?.[1];
    if (next === undefined) throw new Error(`no ${id} in ${JSON.stringify(at).slice(0, 200)}`);
    at = next;
  }
  return at;
}

/** A bridge wired to the real suip pipeline, as the client wires it in the page. */
async function mounted(options: Partial<A2uiBridgeOptions> = {}) {
  const p = await suipPipeline();
  const sent: A2uiOutgoing[] = [];
  const holder: { view?: ReturnType<typeof createSurfaceView> } = {};
  const bridge = new A2uiBridge({
    send: (out) => sent.push(out),
    onChange: () => holder.view?.schedule(),
    now: () => new Date('2026-11-24T12:00:00Z'),
    ...options,
  });
  const view = createSurfaceView(bridge, (tree) => p.generator.render(tree));
  holder.view = view;
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await view.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { p, bridge, sent, settle, tree: () => p.root() as Node };
}

describe('A2uiBridge: binding, actions, templates', () => {
  it('typing into a bound TextField writes the model and updates every Text bound to that path', async () => {
    const m = await mounted();
    m.bridge.receive(create());
    m.bridge.receive(
      components([
        { id: 'root', component: 'Column', children: ['field', 'echo', 'greeting'] },
        { id: 'field', component: 'TextField', label: 'Name', value: { path: '/user/name' } },
        { id: 'echo', component: 'Text', text: { path: '/user/name' } },
        { id: 'greeting', component: 'Text', text: { call: 'formatString', args: { value: 'Hello, ${/user/name}!' } } },
      ]),
    );
    m.bridge.receive(data('/user/name', 'Ada'));
    await m.settle();
    const field = find(m.tree(), ['s', 'field']);
    expect(find(field, ['value']).text).toBe('Ada');
    m.p.fire(['s', 'field'], 'input', field.on!.input!.handler, { value: 'Grace' });
    await m.settle();
    expect(m.bridge.dataModel('s')).toEqual({ user: { name: 'Grace' } });
    expect(find(m.tree(), ['s', 'echo']).text).toBe('Grace');
    expect(find(m.tree(), ['s', 'greeting']).text).toBe('Hello, Grace!');
    expect(m.p.violations).toEqual([]);
  });

  it(
    "a Button's action carries the context resolved in the template item's " +
      "scope and the data model; both validate against A2UI's schemas",
    async () => {
      const m = await mounted();
      m.bridge.receive(create('s', true));
      m.bridge.receive(
        components([
          { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } },
          {
            id: 'row',
            component: 'Button',
            child: 'label',
            action: {
              event: { name: 'pick', context: { itemName: { path: 'name' }, total: { path: '/total' }, fixed: 'x' } },
            },
          },
          { id: 'label', component: 'Text', text: { path: 'name' } },
        ]),
      );
      m.bridge.receive(
        data('', {
          total: 3,
          items: [
            { id: 'a', name: 'Apple' },
            { id: 'b', name: 'Banana' },
          ],
        }),
      );
      await m.settle();
      const button = find(m.tree(), ['s', 'k-b']);
      expect(find(button, ['label']).text).toBe('Banana');
      m.p.fire(['s', 'k-b'], 'click', button.on!.click!.handler, null);
      await m.settle();
      expect(m.sent).toHaveLength(1);
      const out = m.sent[0]!;
      expect(out.message).toEqual({
        version: v,
        action: {
          name: 'pick',
          surfaceId: 's',
          sourceComponentId: 'row',
          timestamp: '2026-11-24T12:00:00.000Z',
          context: { itemName: 'Banana', total: 3, fixed: 'x' },
        },
      });
      expect(validators.clientToServer(out.message)).toEqual([]);
      expect(out.metadata?.a2uiClientDataModel).toEqual({
        version: v,
        surfaces: {
          s: {
            total: 3,
            items: [
              { id: 'a', name: 'Apple' },
              { id: 'b', name: 'Banana' },
            ],
          },
        },
      });
      expect(validators.clientDataModel(out.metadata?.a2uiClientDataModel)).toEqual([]);
    },
  );

  it('a template over keyed items reorders as a suip move: same ids, new order, no re-creation', async () => {
    const m = await mounted();
    m.bridge.receive(create());
    m.bridge.receive(
      components([
        { id: 'root', component: 'Column', children: { componentId: 'f', path: '/rows' } },
        { id: 'f', component: 'TextField', label: { path: 'label' }, value: { path: 'text' } },
      ]),
    );
    m.bridge.receive(
      data('/rows', [
        { id: 1, label: 'One', text: 'a' },
        { id: 2, label: 'Two', text: 'b' },
        { id: 3, label: 'Three', text: 'c' },
      ]),
    );
    await m.settle();
    const ids = () => find(m.tree(), ['s']).group!.map(([id]) => id);
    expect(ids()).toEqual(['k-1', 'k-2', 'k-3']);
    const before = find(m.tree(), ['s', 'k-2']).on!.input!.handler;
    const inbound = m.p.violations.length;
    const sentBefore = m.p.inbound.length;
    m.bridge.receive(
      data('/rows', [
        { id: 3, label: 'Three', text: 'c' },
        { id: 1, label: 'One', text: 'a' },
        { id: 2, label: 'Two', text: 'b' },
      ]),
    );
    await m.settle();
    expect(ids()).toEqual(['k-3', 'k-1', 'k-2']);
    // The reorder travelled as a move (remove + insert without a particle): no row was re-created.
    const reorder = m.p.inbound.slice(sentBefore).join('\n');
    expect(reorder).toContain('suip/ops/remove');
    expect(reorder).not.toContain('"particle"');
    // The moved row writes to its item's new index: its scope follows the item.
    const moved = find(m.tree(), ['s', 'k-2']);
    m.p.fire(['s', 'k-2'], 'input', moved.on!.input!.handler, { value: 'typed' });
    await m.settle();
    expect((m.bridge.dataModel('s') as { rows: Array<{ text: string }> }).rows[2]!.text).toBe('typed');
    expect(typeof before).toBe('string');
    expect(m.p.violations.length).toBe(inbound);
  });

  it('CheckBox, ChoicePicker and Slider write booleans, string lists and numbers', async () => {
    const m = await mounted();
    m.bridge.receive(create());
    m.bridge.receive(
      components([
        { id: 'root', component: 'Column', children: ['c', 'p', 'sl'] },
        { id: 'c', component: 'CheckBox', label: 'Agree', value: { path: '/agree' } },
        {
          id: 'p',
          component: 'ChoicePicker',
          label: 'Pick',
          variant: 'multipleSelection',
          options: [
            { label: 'A', value: 'a' },
            { label: 'B', value: 'b' },
          ],
          value: { path: '/picked' },
        },
        { id: 'sl', component: 'Slider', label: 'Level', min: 0, max: 10, value: { path: '/level' } },
      ]),
    );
    await m.settle();
    const t = m.tree();
    m.p.fire(['s', 'c'], 'change', find(t, ['s', 'c']).on!.change!.handler, { checked: true });
    m.p.fire(['s', 'p'], 'change', find(t, ['s', 'p']).on!.change!.handler, { value: 'a\nb' });
    m.p.fire(['s', 'sl'], 'input', find(t, ['s', 'sl']).on!.input!.handler, { value: '7' });
    await m.settle();
    expect(m.bridge.dataModel('s')).toEqual({ agree: true, picked: ['a', 'b'], level: 7 });
    expect(find(m.tree(), ['s', 'p', 'value']).text).toBe('a\nb');
    expect(m.p.violations).toEqual([]);
  });

  it('checks: a failing check shows its message on the field and disables the Button', async () => {
    const m = await mounted();
    m.bridge.receive(create());
    const required = {
      condition: { call: 'required', args: { value: { path: '/email' } } },
      message: 'Email is required',
    };
    m.bridge.receive(
      components([
        { id: 'root', component: 'Column', children: ['e', 'b'] },
        { id: 'e', component: 'TextField', label: 'Email', value: { path: '/email' }, checks: [required] },
        { id: 'b', component: 'Button', child: 't', checks: [required], action: { event: { name: 'go' } } },
        { id: 't', component: 'Text', text: 'Go' },
      ]),
    );
    await m.settle();
    expect(find(m.tree(), ['s', 'e', 'error']).text).toBe('Email is required');
    expect(find(m.tree(), ['s', 'b', 'disabled']).text).toBe('true');
    m.bridge.receive(data('/email', 'a@b.co'));
    await m.settle();
    expect(find(m.tree(), ['s', 'e']).group!.map(([id]) => id)).not.toContain('error');
    expect(find(m.tree(), ['s', 'b']).group!.map(([id]) => id)).not.toContain('disabled');
  });

  it('openUrl goes through the host link policy, never elsewhere', async () => {
    const opened: string[] = [];
    const m = await mounted({ openUrl: (url) => opened.push(url) });
    m.bridge.receive(create());
    m.bridge.receive(
      components([
        {
          id: 'root',
          component: 'Button',
          child: 't',
          action: { functionCall: { call: 'openUrl', args: { url: { path: '/link' } } } },
        },
        { id: 't', component: 'Text', text: 'Open' },
      ]),
    );
    m.bridge.receive(data('/link', 'https://example.org/x'));
    await m.settle();
    m.p.fire(['s'], 'click', find(m.tree(), ['s']).on!.click!.handler, null);
    await m.settle();
    expect(opened).toEqual(['https://example.org/x']);
    expect(m.sent).toEqual([]);
  });

  it('Modal: the trigger opens a suip modal holding the content; its close removes it', async () => {
    const m = await mounted();
    m.bridge.receive(create());
    m.bridge.receive(
      components([
        { id: 'root', component: 'Modal', trigger: 'open', content: 'body' },
        { id: 'open', component: 'Button', child: 'ot', action: { event: { name: 'noop' } } },
        { id: 'ot', component: 'Text', text: 'Details' },
        { id: 'body', component: 'Text', text: 'Inside' },
      ]),
    );
    await m.settle();
    m.p.fire(['s', 'trigger'], 'click', find(m.tree(), ['s', 'trigger']).on!.click!.handler, null);
    await m.settle();
    expect(find(m.tree(), ['s', 'dialog', 'body']).text).toBe('Inside');
    m.p.fire(['s', 'dialog'], 'click', find(m.tree(), ['s', 'dialog']).on!.click!.handler, null);
    await m.settle();
    expect(find(m.tree(), ['s']).group!.map(([id]) => id)).toEqual(['trigger']);
  });

  it('children not received yet render as a labelled busy placeholder, replaced when they arrive', async () => {
    const m = await mounted();
    m.bridge.receive(create());
    m.bridge.receive(components([{ id: 'root', component: 'Column', children: ['later'] }]));
    await m.settle();
    expect(find(m.tree(), ['s', 'later']).type).toBe('placeholder');
    m.bridge.receive(components([{ id: 'later', component: 'Text', text: 'here' }]));
    await m.settle();
    expect(find(m.tree(), ['s', 'later']).text).toBe('here');
  });

  it('client capabilities validate against client_capabilities.json', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    expect(bridge.capabilities()).toEqual({ 'v0.9': { supportedCatalogIds: [BASIC_CATALOG_ID, MINIMAL_CATALOG_ID] } });
    expect(validators.clientCapabilities(bridge.capabilities())).toEqual([]);
  });

  it('a renderer refusal is sent back as VALIDATION_FAILED at the component path', () => {
    const sent: A2uiOutgoing[] = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
    bridge.receive(create());
    bridge.receive(
      components([
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: 'x' },
        { id: 'b', component: 'Image', url: 'https://e.org/i.png' },
      ]),
    );
    bridge.translate('s');
    const issue = bridge.reportRenderError('s', ['b', 'src'], 'media refused');
    expect(issue).toMatchObject({ code: 'VALIDATION_FAILED', path: '/components/2' });
    expect(validators.clientToServer(sent[0]!.message)).toEqual([]);
  });

  it('headings shift so the top one sits at the host level and never skip a level in document order', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    bridge.receive(create());
    bridge.receive(
      components([
        { id: 'root', component: 'Column', children: ['a', 'b', 'c', 'd'] },
        { id: 'a', component: 'Text', text: 'A', variant: 'h3' },
        { id: 'b', component: 'Text', text: 'B', variant: 'h5' },
        { id: 'c', component: 'Text', text: 'C', variant: 'h3' },
        { id: 'd', component: 'Text', text: 'D', variant: 'h4' },
      ]),
    );
    const texts = (bridge.translate('s').root as Node).group!.map(([, n]) => n.text);
    expect(texts).toEqual(['## A', '### B', '## C', '### D']);
  });

  it('a problem is told to the agent once, not on every re-render', () => {
    const sent: A2uiOutgoing[] = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
    bridge.receive(create());
    bridge.receive(components([{ id: 'root', component: 'Text', text: { call: 'nope' } }]));
    for (let i = 0; i < 5; i += 1) bridge.translate('s');
    for (let i = 0; i < 5; i += 1) bridge.reportRenderError('s', [], 'refused');
    expect(sent).toHaveLength(2);
  });
});
