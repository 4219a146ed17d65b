import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { componentsArb, modelArb } from './testing/arbitraries.ts';
import { suipPipeline } from './testing/pipeline.ts';
import { a2uiValidators } from './testing/schemas.ts';

const validators = a2uiValidators();

describe('property: any stream of basic-catalog messages', () => {
  it(
    'translates without throwing, renders through the real pipeline with ' +
      'zero vocabulary errors, and every error it sends is schema-valid',
    async () => {
      await fc.assert(
        fc.asyncProperty(componentsArb, modelArb, async (components, data) => {
          const sent: A2uiOutgoing[] = [];
          let changed = 0;
          const bridge = new A2uiBridge({
            send: (out) => sent.push(out),
            onChange: () => (changed += 1),
            openUrl: () => undefined,
          });
          bridge.receive({
            version: 'v0.9',
            createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, sendDataModel: true },
          });
          bridge.receive({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
          bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } });
          const p = await suipPipeline();
          const refused: unknown[] = [];
          await p.generator
            .render({ group: [['s', bridge.translate('s').root]] })
            .catch((error: unknown) => refused.push(error));
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
          await p.generator
            .render({ group: [['s', bridge.translate('s').root]] })
            .catch((error: unknown) => refused.push(error));
          expect(refused).toEqual([]);
          expect(p.violations).toEqual([]);
          expect(changed).toBeGreaterThan(0);
          expect(p.uncaught).toEqual([]);
          for (const out of sent) expect(validators.clientToServer(out.message)).toEqual([]);
          expect(({} as Record<string, unknown>).x).toBeUndefined();
        }),
        { numRuns: 300 },
      );
    },
    120_000,
  );
});
