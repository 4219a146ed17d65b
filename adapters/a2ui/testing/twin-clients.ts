import { expect } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../../../shared/index.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../../shared/neighbours/a2ui/messages.ts';
import type { A2uiIssue } from '../bridge.ts';
import { createA2uiClient, type A2uiClientOptions } from '../client.ts';
import { headlessTarget } from './headless-target.ts';

/**
 * Limits that make the renderer refuse many random surfaces (long texts, wide groups). Not
 * `maxNodes`/`maxDepth`: on the wire a message over them is refused unread, before its request can
 * be answered, so the render would wait for an answer that never comes (the lane answers it).
 */
export const TIGHT: Limits = { ...DEFAULT_LIMITS, maxTextLength: 6, maxChildren: 3 };

/** One A2UI client, on its own headless renderer (the real session, tree and vocabulary check). */
export interface Twin {
  target: ReturnType<typeof headlessTarget>;
  client: ReturnType<typeof createA2uiClient>;
  issues: A2uiIssue[];
  sent: A2uiOutgoing[];
}

/** A client built with `options` (the lane, direct ops …) that records what it tells the agent and the host. */
export function twin(limits: Limits, options: Pick<A2uiClientOptions, 'lane' | 'directOps'>): Twin {
  const target = headlessTarget(limits);
  const issues: A2uiIssue[] = [];
  const sent: A2uiOutgoing[] = [];
  const client = createA2uiClient(target, {
    send: (out) => sent.push(out),
    onIssue: (issue) => issues.push(issue),
    openUrl: () => undefined,
    ...options,
  });
  return { target, client, issues, sent };
}

/** Each different violation once, in the order they first happened. */
const distinct = (violations: readonly unknown[]) => [...new Set(violations.map((v) => JSON.stringify(v)))];

/** What a client sent the agent, without the actions' wall-clock timestamps. */
export const untimed = (sent: readonly A2uiOutgoing[]) =>
  JSON.parse(JSON.stringify(sent).replace(/"timestamp":"[^"]*"/g, '"timestamp":""')) as unknown;

type Wire = { group?: Array<[string, Wire]>; on?: Record<string, { handler: string; data?: string }> };

/** One surface: created, given `components` and the data model `data`, then changed by `updates`. */
export function surfaceMessages(
  components: unknown[],
  data: unknown,
  updates: ReadonlyArray<{ path: string; value?: unknown }>,
): unknown[] {
  return [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, sendDataModel: true } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
    { version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } },
    ...updates.map((u) => ({
      version: 'v0.9',
      updateDataModel: { surfaceId: 's', path: u.path, ...(u.value !== undefined ? { value: u.value } : {}) },
    })),
  ];
}

/**
 * Feeds `messages` to both clients and expects the same tree, refusals, issues and agent messages
 * after every one; then fires every control of the tree on both and expects the same answers and
 * agent messages. Closes both.
 */
export async function expectTwinsAgree(a: Twin, b: Twin, messages: readonly unknown[]): Promise<void> {
  try {
    for (const message of messages) {
      a.client.receive(message);
      b.client.receive(message);
      await Promise.all([a.client.settle(), b.client.settle()]);
      expect(a.target.tree()).toEqual(b.target.tree());
      expect(a.target.violations).toEqual(b.target.violations);
      expect(a.issues).toEqual(b.issues);
      expect(untimed(a.sent)).toEqual(untimed(b.sent));
    }
    const stack: Array<[Wire, string[]]> = [[a.target.tree() as Wire, []]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      for (const [event, h] of Object.entries(node.on ?? {})) {
        const payload = h.data === 'checked' ? { checked: true } : h.data === 'value' ? { value: 'a' } : null;
        expect(a.target.fire(at, event as 'click', h.handler, payload)).toBe(
          b.target.fire(at, event as 'click', h.handler, payload),
        );
      }
      for (const [cid, child] of node.group ?? []) stack.push([child, [...at, cid]]);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([a.client.settle(), b.client.settle()]);
    expect(a.target.tree()).toEqual(b.target.tree());
    expect(untimed(a.sent)).toEqual(untimed(b.sent));
    // The lane takes each fired event at once, where the wire path may take two that arrive within
    // one frame into one render: a refusal the lane repeats per event (a modal opened twice whose
    // label is over the limit) can be counted fewer times there. The same refusals must happen on
    // both, not the same number of times (seed 1282198815 counted 6 against 4).
    expect(distinct(a.target.violations)).toEqual(distinct(b.target.violations));
  } finally {
    await Promise.all([a.client.close(), b.client.close()]);
  }
}
