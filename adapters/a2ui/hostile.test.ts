import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { suipPipeline } from './testing/pipeline.ts';
import { a2uiValidators } from './testing/schemas.ts';

const validators = a2uiValidators();
const v = 'v0.9';

function setup() {
  const sent: A2uiOutgoing[] = [];
  const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
  bridge.receive({ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
  const errors = () =>
    sent
      .map((o) => (o.message as { error?: { code: string; path?: string; message: string } }).error)
      .filter((e) => e !== undefined);
  return { bridge, sent, errors };
}

async function renders(bridge: A2uiBridge) {
  const p = await suipPipeline();
  await p.generator.render({ group: bridge.surfaceIds().map((id) => [id, bridge.translate(id).root] as const) });
  return p;
}

describe('hostile A2UI streams are bounded, answered with clear errors, and never stall', () => {
  it('cyclic components: the cycle is cut with a visible note and a VALIDATION_FAILED naming it', async () => {
    const h = setup();
    h.bridge.receive({
      version: v,
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['a'] },
          { id: 'a', component: 'Card', child: 'b' },
          { id: 'b', component: 'Row', children: ['root', 'a'] },
        ],
      },
    });
    const p = await renders(h.bridge);
    expect(p.violations).toEqual([]);
    expect(JSON.stringify(p.root())).toContain('[cycle at root]');
    expect(h.errors()[0]).toMatchObject({ code: 'VALIDATION_FAILED', path: '/components/0' });
    expect(h.errors()[0]!.message).toContain('contains itself');
  });

  it('a Card that is its own child, and a self-referencing template, stop too', async () => {
    const h = setup();
    h.bridge.receive({
      version: v,
      updateComponents: {
        surfaceId: 's',
        components: [{ id: 'root', component: 'List', children: { componentId: 'root', path: '/xs' } }],
      },
    });
    h.bridge.receive({ version: v, updateDataModel: { surfaceId: 's', path: '/xs', value: [1, 2] } });
    const p = await renders(h.bridge);
    expect(p.violations).toEqual([]);
    expect(h.errors().length).toBeGreaterThan(0);
  });

  it('a 1e6-item array is refused before it is stored (entries limit), and the model is unchanged', () => {
    const h = setup();
    const issues = h.bridge.receive({
      version: v,
      updateDataModel: { surfaceId: 's', path: '/items', value: new Array(1_000_000).fill({ name: 'x' }) },
    });
    expect(issues[0]).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(issues[0]!.message).toContain('more than 100000 entries');
    expect(h.bridge.dataModel('s')).toEqual({});
  });

  it('a template over 5,000 items renders the first 1,000 and says so', async () => {
    const h = setup();
    h.bridge.receive({
      version: v,
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'List', children: { componentId: 't', path: '/xs' } },
          { id: 't', component: 'Text', text: { path: 'n' } },
        ],
      },
    });
    h.bridge.receive({
      version: v,
      updateDataModel: { surfaceId: 's', path: '/xs', value: Array.from({ length: 5000 }, (_, n) => ({ n })) },
    });
    const p = await renders(h.bridge);
    expect((p.root() as { group: Array<[string, { group: unknown[] }]> }).group[0]![1].group).toHaveLength(1000);
    expect(h.errors()[0]).toMatchObject({ code: 'LIMIT_EXCEEDED', path: '/components/0/children/path' });
  });

  it('deep pointers and deep values are refused with the limit named', () => {
    const h = setup();
    expect(
      h.bridge.receive({ version: v, updateDataModel: { surfaceId: 's', path: '/a'.repeat(10_000), value: 1 } })[0]!
        .message,
    ).toContain('at most 32');
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = { d: deep };
    expect(
      h.bridge.receive({ version: v, updateDataModel: { surfaceId: 's', path: '/x', value: deep } })[0]!.message,
    ).toContain('deeper than 32 levels');
    expect(h.bridge.dataModel('s')).toEqual({});
  });

  it('a 4,000-deep chain of components stops at the depth limit without recursion', async () => {
    const h = setup();
    const chain = Array.from({ length: 4_000 }, (_, i) => ({
      id: i === 0 ? 'root' : `c${i}`,
      component: 'Card',
      child: `c${i + 1}`,
    }));
    expect(h.bridge.receive({ version: v, updateComponents: { surfaceId: 's', components: chain } })).toEqual([]);
    const translation = h.bridge.translate('s');
    expect(translation.issues.some((i) => i.code === 'LIMIT_EXCEEDED' && i.message.includes('deeper than 30'))).toBe(
      true,
    );
    const p = await renders(h.bridge);
    expect(p.violations).toEqual([]);
  });

  it('__proto__, constructor and prototype never reach a prototype: keys, pointers and ids are refused', () => {
    const h = setup();
    const poisoned = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as unknown;
    expect(
      h.bridge.receive({ version: v, updateDataModel: { surfaceId: 's', path: '/x', value: poisoned } })[0]!.message,
    ).toContain('"__proto__" is refused');
    expect(
      h.bridge.receive({
        version: v,
        updateDataModel: { surfaceId: 's', path: '/__proto__/polluted', value: true },
      })[0]!.message,
    ).toContain('"__proto__" is refused');
    expect(
      h.bridge.receive({
        version: v,
        updateDataModel: { surfaceId: 's', path: '/a/constructor/prototype', value: true },
      })[0]!.code,
    ).toBe('VALIDATION_FAILED');
    expect(
      h.bridge.receive({
        version: v,
        updateComponents: { surfaceId: 's', components: [{ id: '__proto__', component: 'Text', text: 'x' }] },
      })[0]!.path,
    ).toBe('/components/0/id');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(h.bridge.dataModel('s')).toEqual({});
  });

  it('too many components are refused whole', () => {
    const h = setup();
    const many = Array.from({ length: 5001 }, (_, i) => ({ id: `c${i}`, component: 'Text', text: 'x' }));
    expect(h.bridge.receive({ version: v, updateComponents: { surfaceId: 's', components: many } })[0]).toMatchObject({
      code: 'LIMIT_EXCEEDED',
    });
    expect(h.bridge.components('s').size).toBe(0);
  });

  it(
    'malformed traffic: not JSON, an oversized line, two kinds at once, an ' +
      'unknown surface, an unknown catalog, a wrong version',
    () => {
      const h = setup();
      expect(h.bridge.receiveText('{"version": "v0.9", "createSurface": ')[0]!.message).toContain('not JSON');
      expect(h.bridge.receiveText('x'.repeat(4_000_001))[0]!.code).toBe('LIMIT_EXCEEDED');
      expect(
        h.bridge.receive({ version: v, deleteSurface: { surfaceId: 's' }, createSurface: { surfaceId: 's' } })[0]!
          .message,
      ).toContain('exactly one of');
      expect(
        h.bridge.receive({ version: v, updateComponents: { surfaceId: 'nope', components: [] } })[0]!.message,
      ).toContain('send createSurface first');
      expect(
        h.bridge.receive({
          version: v,
          createSurface: { surfaceId: 't', catalogId: 'https://evil.example/catalog.json' },
        })[0]!.message,
      ).toContain('not supported');
      expect(h.bridge.receive({ version: 'v9', deleteSurface: { surfaceId: 's' } })[0]!.path).toBe('/version');
      expect(h.bridge.surfaceIds()).toEqual(['s']);
    },
  );

  it(
    'an unknown component renders a visible note and is reported by name; ' +
      'a bad expression is reported at its prop',
    async () => {
      const h = setup();
      h.bridge.receive({
        version: v,
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['x', 'y'] },
            { id: 'x', component: 'Marquee' },
            { id: 'y', component: 'Text', text: { call: 'formatString', args: { value: 'a ${nope(' } } },
          ],
        },
      });
      const p = await renders(h.bridge);
      expect(p.violations).toEqual([]);
      expect(JSON.stringify(p.root())).toContain('Unsupported A2UI component \\"Marquee\\"');
      expect(h.errors()).toEqual([
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          path: '/components/1/component',
          message: expect.stringContaining('component "Marquee" (x) is not in catalog'),
        }),
        expect.objectContaining({ code: 'EXPRESSION_ERROR', path: '/components/2/text' }),
      ]);
    },
  );

  it('every error the bridge sends validates against client_to_server.json', () => {
    const h = setup();
    h.bridge.receive({ version: v, updateDataModel: { surfaceId: 's', path: 'no-slash', value: 1 } });
    h.bridge.receive({
      version: v,
      updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { call: 'nope' } }] },
    });
    h.bridge.translate('s');
    h.bridge.receiveText('nope');
    expect(h.sent.length).toBe(3);
    for (const out of h.sent) expect(validators.clientToServer(out.message)).toEqual([]);
  });
});

describe('agent regular expressions', () => {
  it('nested quantifiers are refused before they run; the field and the check say why', () => {
    const h = setup();
    h.bridge.receive({
      version: v,
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['f', 'g'] },
          { id: 'f', component: 'TextField', label: 'F', value: { path: '/x' }, validationRegexp: '^(a+)+$' },
          {
            id: 'g',
            component: 'TextField',
            label: 'G',
            value: { path: '/x' },
            checks: [
              { condition: { call: 'regex', args: { value: { path: '/x' }, pattern: '(\\w*)*b' } }, message: 'bad' },
            ],
          },
        ],
      },
    });
    h.bridge.receive({ version: v, updateDataModel: { surfaceId: 's', path: '/x', value: `${'a'.repeat(40)}!` } });
    h.bridge.translate('s');
    expect(h.errors().map((e) => e.path)).toEqual([
      '/components/1/validationRegexp',
      '/components/2/checks/0/condition',
    ]);
    expect(h.errors()[0]!.message).toContain('exponential time');
  });
});
