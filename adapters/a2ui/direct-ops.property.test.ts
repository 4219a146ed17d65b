import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../shared/index.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import type { A2uiIssue } from './bridge.ts';
import { createA2uiClient } from './client.ts';
import { componentsArb, modelArb, updateArb } from './testing/arbitraries.ts';
import { headlessTarget } from './testing/headless-target.ts';

/** Limits under which the renderer refuses many random surfaces and updates (see lane.property.test.ts). */
const TIGHT: Limits = { ...DEFAULT_LIMITS, maxTextLength: 6, maxChildren: 3 };

/** One A2UI client on the lane on its own headless renderer; `directOps` false renders every change whole. */
function side(limits: Limits, directOps: boolean) {
  const target = headlessTarget(limits);
  const issues: A2uiIssue[] = [];
  const sent: A2uiOutgoing[] = [];
  const client = createA2uiClient(target, { send: (out) => sent.push(out), onIssue: (issue) => issues.push(issue), openUrl: () => undefined, directOps });
  return { target, client, issues, sent };
}

const untimed = (sent: readonly A2uiOutgoing[]) => JSON.parse(JSON.stringify(sent).replace(/"timestamp":"[^"]*"/g, '"timestamp":""')) as unknown;

type Wire = { group?: Array<[string, Wire]>; on?: Record<string, { handler: string; data?: string }> };

/** Sends random surfaces and data-model updates to a direct-ops client and a whole-render one; returns how many updates went direct. */
async function compare(tight: boolean, components: unknown[], data: unknown, updates: ReadonlyArray<{ path: string; value?: unknown }>): Promise<number> {
  const limits = tight ? TIGHT : DEFAULT_LIMITS;
  const direct = side(limits, true);
  const whole = side(limits, false);
  let directs = 0;
  const messages: unknown[] = [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, sendDataModel: true } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
    { version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } },
    ...updates.map((u) => ({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: u.path, ...(u.value !== undefined ? { value: u.value } : {}) } })),
  ];
  const spy = direct.client.bridge.translateChange.bind(direct.client.bridge);
  direct.client.bridge.translateChange = (id) => {
    const out = spy(id);
    if (out.change !== undefined) directs += 1;
    return out;
  };
  try {
    for (const message of messages) {
      direct.client.receive(message);
      whole.client.receive(message);
      await Promise.all([direct.client.settle(), whole.client.settle()]);
      expect(direct.target.tree()).toEqual(whole.target.tree());
      expect(direct.target.violations).toEqual(whole.target.violations);
      expect(direct.issues).toEqual(whole.issues);
      expect(untimed(direct.sent)).toEqual(untimed(whole.sent));
    }
    // Handlers registered by the direct path answer events as the whole render's do.
    const stack: Array<[Wire, string[]]> = [[direct.target.tree() as Wire, []]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      for (const [event, h] of Object.entries(node.on ?? {})) {
        const payload = h.data === 'checked' ? { checked: true } : h.data === 'value' ? { value: 'a' } : null;
        expect(direct.target.fire(at, event as 'click', h.handler, payload)).toBe(whole.target.fire(at, event as 'click', h.handler, payload));
      }
      for (const [cid, child] of node.group ?? []) stack.push([child, [...at, cid]]);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([direct.client.settle(), whole.client.settle()]);
    expect(direct.target.tree()).toEqual(whole.target.tree());
    expect(untimed(direct.sent)).toEqual(untimed(whole.sent));
    expect(direct.target.violations).toEqual(whole.target.violations);
  } finally {
    await Promise.all([direct.client.close(), whole.client.close()]);
  }
  return directs;
}

describe('property: direct ops for a data-model update are the whole render', () => {
  it('random A2UI message sequences give the same tree, refusals, issues and agent messages after every message', async () => {
    let directs = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), componentsArb, modelArb, fc.array(updateArb, { maxLength: 6 }), async (tight, components, data, updates) => {
        directs += await compare(tight, components, data, updates);
      }),
      { numRuns: 300 },
    );
    // The property says nothing if the direct path never ran.
    expect(directs).toBeGreaterThan(50);
  }, 180_000);

  it('a bound text changed by updates, refused once over the text limit, shows again once fixed: the same on both paths', async () => {
    const components = [
      { id: 'root', component: 'Column', children: ['a', 'b'] },
      { id: 'a', component: 'Text', text: { path: '/v' } },
      { id: 'b', component: 'Text', text: 'fixed' },
    ];
    const updates = [{ path: '/v', value: 'ab' }, { path: '/v', value: 'abc' }, { path: '/v', value: 'far too long' }, { path: '/v', value: 'ok' }, { path: '/v', value: 'xyz' }];
    expect(await compare(true, components, { v: 'a' }, updates)).toBeGreaterThanOrEqual(3);
  });
});
