import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../shared/index.ts';
import { BASIC_CATALOG_ID } from '../../shared/neighbours/a2ui/messages.ts';
import { componentsArb, modelArb, updateArb } from './testing/arbitraries.ts';
import { TIGHT, expectTwinsAgree, surfaceMessages, twin } from './testing/twin-clients.ts';

describe('property: the in-page lane and the wire path are the same renderer', () => {
  it(
    'the same A2UI message sequences give the same tree, the same refusals ' +
      'and the same issues after every message',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          componentsArb,
          modelArb,
          fc.array(updateArb, { maxLength: 6 }),
          async (tight, components, data, updates) => {
            const limits = tight ? TIGHT : DEFAULT_LIMITS;
            await expectTwinsAgree(
              twin(limits, { lane: true }),
              twin(limits, { lane: false }),
              surfaceMessages(components, data, updates),
            );
          },
        ),
        { numRuns: 300 },
      );
    },
    180_000,
  );

  it('refuses on the lane exactly as on the wire, and the surface shows again once the agent fixes it', async () => {
    const results = [];
    for (const laneOn of [true, false]) {
      const s = twin({ ...DEFAULT_LIMITS, maxTextLength: 4 }, { lane: laneOn });
      s.client.receive({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
      s.client.receive({
        version: 'v0.9',
        updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'far too long' }] },
      });
      await s.client.settle();
      const refused = { violations: [...s.target.violations], sent: [...s.sent], tree: s.target.tree() };
      s.client.receive({
        version: 'v0.9',
        updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'ok' }] },
      });
      await s.client.settle();
      results.push({ refused, fixed: s.target.tree() });
      await s.client.close();
    }
    const [lane, wire] = results;
    expect(lane!.refused.violations.length).toBeGreaterThan(0);
    expect(JSON.stringify(lane!.refused.sent)).toContain('VALIDATION_FAILED');
    expect(lane).toEqual(wire);
    expect(JSON.stringify(lane!.fixed)).toContain('"ok"');
  });
});
