import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../shared/index.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import type { A2uiIssue } from './bridge.ts';
import { createA2uiClient } from './client.ts';
import { componentsArb, modelArb, updateArb } from './testing/arbitraries.ts';
import { headlessTarget } from './testing/headless-target.ts';

/**
 * Limits that make the renderer refuse many random surfaces (long texts, wide groups). Not
 * `maxNodes`/`maxDepth`: on the wire a message over them is refused unread, before its request can
 * be answered, so the render would wait for an answer that never comes (the lane answers it).
 */
const TIGHT: Limits = { ...DEFAULT_LIMITS, maxTextLength: 6, maxChildren: 3 };

/** One A2UI client on its own headless renderer (the real session, tree and vocabulary check). */
function side(limits: Limits, lane: boolean, directOps = true) {
  const target = headlessTarget(limits);
  const issues: A2uiIssue[] = [];
  const sent: A2uiOutgoing[] = [];
  const client = createA2uiClient(target, { send: (out) => sent.push(out), onIssue: (issue) => issues.push(issue), openUrl: () => undefined, lane, directOps });
  return { target, client, issues, sent };
}

/** What the client sent the agent, without the actions' wall-clock timestamps. */
const untimed = (sent: readonly A2uiOutgoing[]) => JSON.parse(JSON.stringify(sent).replace(/"timestamp":"[^"]*"/g, '"timestamp":""')) as unknown;

type Wire = { group?: Array<[string, Wire]>; on?: Record<string, { handler: string; data?: string }> };

describe('property: the in-page lane and the wire path are the same renderer', () => {
  it('the same A2UI message sequences give the same tree, the same refusals and the same issues after every message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), componentsArb, modelArb, fc.array(updateArb, { maxLength: 6 }), async (tight, components, data, updates) => {
        const limits = tight ? TIGHT : DEFAULT_LIMITS;
        const lane = side(limits, true);
        const wire = side(limits, false);
        const messages: unknown[] = [
          { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, sendDataModel: true } },
          { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
          { version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } },
          ...updates.map((u) => ({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: u.path, ...(u.value !== undefined ? { value: u.value } : {}) } })),
        ];
        try {
          for (const message of messages) {
            lane.client.receive(message);
            wire.client.receive(message);
            await Promise.all([lane.client.settle(), wire.client.settle()]);
            expect(lane.target.tree()).toEqual(wire.target.tree());
            expect(lane.target.violations).toEqual(wire.target.violations);
            expect(lane.issues).toEqual(wire.issues);
            expect(untimed(lane.sent)).toEqual(untimed(wire.sent));
          }
          // Events still travel the channel: every control fired on both sides sends the same actions.
          const stack: Array<[Wire, string[]]> = [[lane.target.tree() as Wire, []]];
          while (stack.length > 0) {
            const [node, at] = stack.pop()!;
            for (const [event, h] of Object.entries(node.on ?? {})) {
              const payload = h.data === 'checked' ? { checked: true } : h.data === 'value' ? { value: 'a' } : null;
              expect(lane.target.fire(at, event as 'click', h.handler, payload)).toBe(wire.target.fire(at, event as 'click', h.handler, payload));
            }
            for (const [cid, child] of node.group ?? []) stack.push([child, [...at, cid]]);
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
          await Promise.all([lane.client.settle(), wire.client.settle()]);
          expect(lane.target.tree()).toEqual(wire.target.tree());
          expect(untimed(lane.sent)).toEqual(untimed(wire.sent));
          expect(lane.target.violations).toEqual(wire.target.violations);
        } finally {
          await Promise.all([lane.client.close(), wire.client.close()]);
        }
      }),
      { numRuns: 300 },
    );
  }, 180_000);

  it('refuses on the lane exactly as on the wire, and the surface shows again once the agent fixes it', async () => {
    const results = [];
    for (const laneOn of [true, false]) {
      const s = side({ ...DEFAULT_LIMITS, maxTextLength: 4 }, laneOn);
      s.client.receive({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
      s.client.receive({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'far too long' }] } });
      await s.client.settle();
      const refused = { violations: [...s.target.violations], sent: [...s.sent], tree: s.target.tree() };
      s.client.receive({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'ok' }] } });
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
