import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID, MINIMAL_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { callBasicFunction, type FunctionHost } from './functions.ts';

/** web_core ships A2UI's own minimal-catalog examples (the corpus holds the basic ones). */
const MINIMAL_DIR = fileURLToPath(
  new URL('../../node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/minimal/examples/', import.meta.url),
);
const minimalExamples = readdirSync(MINIMAL_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    messages: (JSON.parse(readFileSync(join(MINIMAL_DIR, file), 'utf8')) as { messages: unknown[] }).messages,
  }));

type Node = { group?: Array<[string, Node]>; text?: string; type?: string };
const errors = (sent: A2uiOutgoing[]) =>
  sent.map((o) => ('error' in o.message ? o.message.error : undefined)).filter((e) => e !== undefined);

describe('catalogs: the minimal one, declared ones, and precise refusals', () => {
  it(`A2UI's ${minimalExamples.length} minimal-catalog examples render with no error sent`, () => {
    expect(minimalExamples.length).toBe(7);
    for (const { file, messages } of minimalExamples) {
      const sent: A2uiOutgoing[] = [];
      const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
      for (const m of messages) bridge.receive(m);
      for (const id of bridge.surfaceIds()) bridge.translate(id);
      expect([file, errors(sent)]).toEqual([file, []]);
      expect(bridge.surfaceIds().length).toBeGreaterThan(0);
    }
  });

  it('capitalize fills the text as the user types (example 6), where the surface stayed empty before', () => {
    const { messages } = minimalExamples.find((e) => e.file.startsWith('6_'))!;
    const sent: A2uiOutgoing[] = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
    for (const m of messages) bridge.receive(m);
    bridge.receive({
      version: 'v0.9',
      updateDataModel: { surfaceId: 'example_6', path: '/inputValue', value: 'hello world' },
    });
    const text = (bridge.translate('example_6').root as Node).group!.find(([id]) => id === 'result_text')![1].text;
    expect(text).toBe('## Hello world');
    expect(errors(sent)).toEqual([]);
  });

  it('capitalize: first character upper-cased, the rest kept (the upstream rule), on any string', () => {
    const host: FunctionHost = { formatString: (t) => t, maxStringLength: 1000 };
    const call = (value: unknown) =>
      callBasicFunction('capitalize', Object.assign(Object.create(null) as Record<string, unknown>, { value }), host);
    expect([call('hello world'), call(''), call(undefined), call(null), call(7), call('élan')]).toEqual([
      'Hello world',
      '',
      '',
      '',
      '7',
      'Élan',
    ]);
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(call(s)).toBe(s.charAt(0).toUpperCase() + s.slice(1));
      }),
    );
  });

  it('a minimal surface refuses what its catalog lacks, naming the component or function and the catalog', () => {
    const sent: A2uiOutgoing[] = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
    bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 'm', catalogId: MINIMAL_CATALOG_ID } });
    bridge.receive({
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'm',
        components: [
          { id: 'root', component: 'Column', children: ['pic', 'sum', 'ok'] },
          { id: 'pic', component: 'Image', url: 'https://example.org/a.png' },
          { id: 'sum', component: 'Text', text: { call: 'formatNumber', args: { value: 3 } } },
          { id: 'ok', component: 'Text', text: { call: 'capitalize', args: { value: 'fine' } } },
        ],
      },
    });
    const root = bridge.translate('m').root as Node;
    expect(root.group!.find(([id]) => id === 'ok')![1].text).toBe('Fine');
    expect(root.group!.find(([id]) => id === 'pic')![1].type).toBe('alert');
    expect(errors(sent)).toEqual([
      {
        code: 'VALIDATION_FAILED',
        surfaceId: 'm',
        path: '/components/1/component',
        message: `component "Image" (pic) is not in catalog ${MINIMAL_CATALOG_ID}; it has Text, Row, Column, Button, TextField`,
      },
      {
        code: 'EXPRESSION_ERROR',
        surfaceId: 'm',
        path: '/components/2/text',
        message: `function "formatNumber" is not in catalog ${MINIMAL_CATALOG_ID}; it has capitalize`,
      },
    ]);
  });

  it("a basic surface does not run capitalize (it is the minimal catalog's)", () => {
    const sent: A2uiOutgoing[] = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
    bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 'b', catalogId: BASIC_CATALOG_ID } });
    bridge.receive({
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'b',
        components: [{ id: 'root', component: 'Text', text: { call: 'capitalize', args: { value: 'x' } } }],
      },
    });
    bridge.translate('b');
    expect(errors(sent)[0]?.message).toBe(
      `function "capitalize" is not in catalog ${BASIC_CATALOG_ID}; it has required, regex, length, numeric, email, formatString, formatNumber, formatCurrency, formatDate, pluralize, openUrl, and, or, not, add, subtract, multiply, divide, equals, not_equals, greater_than, less_than, contains, starts_with, ends_with`,
    );
  });

  it(
    'a declared catalog is accepted; what the bridge cannot serve in it is ' +
      'refused by name where used, and only whole catalogs are advertised',
    () => {
      const shop = {
        catalogId: 'https://shop.example/catalog.json',
        components: { Text: {}, Column: {}, Map: {} },
        functions: { capitalize: {}, distance: {} },
      };
      const lean = { catalogId: 'https://lean.example/c.json', components: { Text: {} }, functions: {} };
      const sent: A2uiOutgoing[] = [];
      const bridge = new A2uiBridge({ send: (out) => sent.push(out), catalogs: [shop, lean] });
      expect(bridge.capabilities()['v0.9']!.supportedCatalogIds).toEqual([
        BASIC_CATALOG_ID,
        MINIMAL_CATALOG_ID,
        lean.catalogId,
      ]);
      expect(bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: shop.catalogId } })).toEqual(
        [],
      );
      bridge.receive({
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['t', 'map', 'd'] },
            { id: 't', component: 'Text', text: { call: 'capitalize', args: { value: 'shop' } } },
            { id: 'map', component: 'Map' },
            { id: 'd', component: 'Text', text: { call: 'distance', args: {} } },
          ],
        },
      });
      const root = bridge.translate('s').root as Node;
      expect(root.group!.find(([id]) => id === 't')![1].text).toBe('Shop');
      expect(errors(sent).map((e) => [e.path, e.message])).toEqual([
        [
          '/components/2/component',
          `component "Map" (map) is declared by catalog ${shop.catalogId} but this client cannot render it`,
        ],
        [
          '/components/3/text',
          `function "distance" is declared by catalog ${shop.catalogId} but this client cannot run it; it runs required, regex, length, numeric, email, formatString, formatNumber, formatCurrency, formatDate, pluralize, openUrl, and, or, not, add, subtract, multiply, divide, equals, not_equals, greater_than, less_than, contains, starts_with, ends_with, capitalize`,
        ],
      ]);
    },
  );

  it('an unknown catalogId is refused with the ids this client renders', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    const [issue] = bridge.receive({
      version: 'v0.9',
      createSurface: { surfaceId: 's', catalogId: 'https://nope.example/c.json' },
    });
    expect(issue).toMatchObject({ code: 'VALIDATION_FAILED', path: '/createSurface/catalogId' });
    expect(issue!.message).toContain(MINIMAL_CATALOG_ID);
  });

  it('a declared catalog is bounded: 1,000 names at most, and long lists in messages are cut with a count', () => {
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`C${i}`, {}]));
    expect(() => new A2uiBridge({ send: () => undefined, catalogs: [{ catalogId: 'big', components: many }] })).toThrow(
      /at most 1000 components; this one has 1001/,
    );
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`C${i}`, {}]));
    const sent: A2uiOutgoing[] = [];
    const bridge = new A2uiBridge({
      send: (out) => sent.push(out),
      catalogs: [{ catalogId: 'wide', components: wide }],
    });
    bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'wide' } });
    bridge.receive({
      version: 'v0.9',
      updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Nope' }] },
    });
    bridge.translate('s');
    const message = errors(sent)[0]!.message;
    expect(message).toMatch(/; it has C0, C1, .*, C29 and 970 more$/);
    expect(message.length).toBeLessThan(500);
  });

  it('a malformed declared catalog is a construction error that says the shape', () => {
    expect(() => new A2uiBridge({ send: () => undefined, catalogs: [{ components: {} }] })).toThrow(/"catalogId"/);
    expect(
      () => new A2uiBridge({ send: () => undefined, catalogs: [{ catalogId: 'x', components: ['__proto__'] }] }),
    ).toThrow(/components entry 0 needs a name/);
  });
});
