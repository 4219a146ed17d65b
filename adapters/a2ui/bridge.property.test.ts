import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_COMPONENTS } from './components.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { suipPipeline } from './testing/pipeline.ts';
import { a2uiValidators } from './testing/schemas.ts';

const validators = a2uiValidators();
// Component ids are valid (a bad one refuses the whole update); references may be anything.
const id = fc.constantFrom('root', 'a', 'b', 'c', 'd', 'x y');
const ref = fc.constantFrom('root', 'a', 'b', 'c', 'd', 'x y', '__proto__', 'constructor', '', 'missing');
const dynamic = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.record({ path: fc.constantFrom('/v', 'v', '/list', '/', '/__proto__/x', 'n/0', '/a~2') }), fc.record({ call: fc.constantFrom('formatString', 'required', 'not', 'pluralize', 'nope'), args: fc.dictionary(fc.constantFrom('value', 'values', 'one', 'other'), fc.oneof(fc.string({ maxLength: 6 }), fc.record({ path: fc.constantFrom('/v', 'v') }))) }));
const component = fc.record({
  id,
  component: fc.constantFrom(...BASIC_COMPONENTS, 'Bogus'),
  text: dynamic,
  label: dynamic,
  value: dynamic,
  url: dynamic,
  child: ref,
  trigger: ref,
  content: ref,
  children: fc.oneof(fc.array(ref, { maxLength: 4 }), fc.record({ componentId: ref, path: fc.constantFrom('/list', 'list', '/v', '/nope') })),
  tabs: fc.array(fc.record({ title: dynamic, child: ref }), { maxLength: 3 }),
  options: fc.array(fc.record({ label: dynamic, value: fc.constantFrom('a', 'b', 'label', '', 'value') }), { maxLength: 3 }),
  checks: fc.array(fc.record({ condition: dynamic, message: fc.string({ maxLength: 5 }) }), { maxLength: 2 }),
  action: fc.constant({ event: { name: 'go', context: { v: { path: 'v' } } } }),
}, { requiredKeys: ['id', 'component'] });
const json = fc.jsonValue({ maxDepth: 3 });
const model = fc.record({ v: json, list: fc.array(fc.oneof(json, fc.record({ id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.string({ maxLength: 2 })), v: json })), { maxLength: 5 }) });

describe('property: any stream of basic-catalog messages', () => {
  it('translates without throwing, renders through the real pipeline with zero vocabulary errors, and every error it sends is schema-valid', async () => {
    // A container root most of the time, so the rest of the graph is reached.
    const root = fc.record({ id: fc.constant('root'), component: fc.constantFrom('Column', 'Row', 'List', 'Card'), child: ref, children: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'x y'), { minLength: 1, maxLength: 4 }) });
    await fc.assert(fc.asyncProperty(fc.tuple(root, fc.array(component, { minLength: 1, maxLength: 10 })).map(([r, rest]) => [r, ...rest]), model, async (components, data) => {
      const sent: A2uiOutgoing[] = [];
      let changed = 0;
      const bridge = new A2uiBridge({ send: (out) => sent.push(out), onChange: () => (changed += 1), openUrl: () => undefined });
      bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, sendDataModel: true } });
      bridge.receive({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
      bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } });
      const p = await suipPipeline();
      const refused: unknown[] = [];
      await p.generator.render({ group: [['s', bridge.translate('s').root]] }).catch((error: unknown) => refused.push(error));
      expect(refused).toEqual([]);
      expect(p.violations).toEqual([]);
      // Then the user acts on every control once: each handler runs, the surface re-renders cleanly.
      type Wire = { group?: Array<[string, Wire]>; on?: Record<string, { handler: string; data?: string }> };
      const stack: Array<[Wire, string[]]> = [[p.root() as Wire, []]];
      while (stack.length > 0) {
        const [node, at] = stack.pop()!;
        for (const [event, h] of Object.entries(node.on ?? {})) {
          const payload = h.data === 'checked' ? { checked: true } : h.data === 'value' ? { value: 'a\nb' } : null;
          expect(p.fire(at, event as 'click', h.handler, payload)).toBe(true);
        }
        for (const [cid, child] of node.group ?? []) stack.push([child, [...at, cid]]);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      await p.generator.render({ group: [['s', bridge.translate('s').root]] }).catch((error: unknown) => refused.push(error));
      expect(refused).toEqual([]);
      expect(p.violations).toEqual([]);
      expect(changed).toBeGreaterThan(0);
      expect(p.uncaught).toEqual([]);
      for (const out of sent) expect(validators.clientToServer(out.message)).toEqual([]);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }), { numRuns: 300 });
  }, 120_000);
});
