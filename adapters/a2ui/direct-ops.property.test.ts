import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../shared/index.ts';
import { componentsArb, modelArb, updateArb } from './testing/arbitraries.ts';
import { TIGHT, expectTwinsAgree, surfaceMessages, twin } from './testing/twin-clients.ts';

/**
 * Sends random surfaces and data-model updates to a direct-ops client and a whole-render one; returns
 * how many updates went direct.
 */
async function compare(
  tight: boolean,
  components: unknown[],
  data: unknown,
  updates: ReadonlyArray<{ path: string; value?: unknown }>,
): Promise<number> {
  const limits = tight ? TIGHT : DEFAULT_LIMITS;
  const direct = twin(limits, { lane: true, directOps: true });
  const whole = twin(limits, { lane: true, directOps: false });
  let directs = 0;
  const spy = direct.client.bridge.translateChange.bind(direct.client.bridge);
  direct.client.bridge.translateChange = (id) => {
    const out = spy(id);
    if (out.change !== undefined) directs += 1;
    return out;
  };
  await expectTwinsAgree(direct, whole, surfaceMessages(components, data, updates));
  return directs;
}

describe('property: direct ops for a data-model update are the whole render', () => {
  it(
    'random A2UI message sequences give the same tree, refusals, issues ' + 'and agent messages after every message',
    async () => {
      let directs = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          componentsArb,
          modelArb,
          fc.array(updateArb, { maxLength: 6 }),
          async (tight, components, data, updates) => {
            directs += await compare(tight, components, data, updates);
          },
        ),
        { numRuns: 300 },
      );
      // The property says nothing if the direct path never ran.
      expect(directs).toBeGreaterThan(50);
    },
    180_000,
  );

  it(
    'a bound text changed by updates, refused once over the text limit, ' +
      'shows again once fixed: the same on both paths',
    async () => {
      const components = [
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: { path: '/v' } },
        { id: 'b', component: 'Text', text: 'fixed' },
      ];
      const updates = [
        { path: '/v', value: 'ab' },
        { path: '/v', value: 'abc' },
        { path: '/v', value: 'far too long' },
        { path: '/v', value: 'ok' },
        { path: '/v', value: 'xyz' },
      ];
      expect(await compare(true, components, { v: 'a' }, updates)).toBeGreaterThanOrEqual(3);
    },
  );
});
