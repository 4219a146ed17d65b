import {
  DEFAULT_LIMITS,
  PROTOCOL_VERSION,
  type Channel,
  type InitializeResult,
  type Limits,
  type RpcMessage,
} from '../../../shared/index.ts';
import type { InPageLane } from '../../../renderer/connection.ts';
import { RendererSession } from '../../../core/session/renderer-session.ts';
import { routeEvent } from '../../../core/session/route-event.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  unmountGenerator,
  type MergedTree,
} from '../../../core/tree/index.ts';
import { BUILTIN_VOCABULARY } from '../../../core/vocabulary/index.ts';
import { createGroupChecker } from '../../../core/vocabulary/check-group.ts';

/**
 * Test-only: a headless `attachRemote` target for `createLocalGenerator` in Node — the real
 * renderer session and merged tree with the vocabulary check, no DOM. Many generators mount side
 * by side, as in the page. `limits` (default DEFAULT_LIMITS) lets a test make the renderer refuse
 * transactions; a mount attached with `lane` gets the in-page lane, as `createRenderer` gives it.
 */
export function headlessTarget(limits: Limits = DEFAULT_LIMITS) {
  let merged: MergedTree = createMergedTree();
  const violations: unknown[] = [];
  const sessions = new Map<string, RendererSession>();
  const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
  const result: InitializeResult = {
    protocolVersion: PROTOCOL_VERSION,
    renderer: { name: 'headless', version: '0' },
    vocabulary: [...BUILTIN_VOCABULARY],
    limits,
    hostContext: { theme: 'light', locale: 'en' },
  };
  return {
    violations,
    tree: () => JSON.parse(JSON.stringify(merged)) as { group: Array<[string, unknown]> },
    fire: (path: string[], event: 'click' | 'input' | 'change', handler: string, payload: unknown) =>
      routeEvent(merged, { path, event, handler, payload } as never, (id) => sessions.get(id)),
    attachRemote(options: { id: string; channel: Channel; lane?: InPageLane }): Promise<{ detach(): Promise<void> }> {
      merged = mountGenerator(merged, options.id);
      const session = new RendererSession({
        channel: options.channel,
        limits,
        result,
        apply(ops) {
          const applied = applyGeneratorTransaction(merged, options.id, ops, { limits, checkGroup });
          if (applied.ok) merged = applied.tree;
          else violations.push(applied.error);
          return applied;
        },
        onInitialized: () => undefined,
        onError: (error) => violations.push(error),
        onViolation: (v) => violations.push(v),
      });
      sessions.set(options.id, session);
      if (options.lane !== undefined)
        options.lane.dispatch = (messages) => session.dispatchInPage(messages as RpcMessage[]);
      return Promise.resolve({
        detach: () => {
          sessions.delete(options.id);
          merged = unmountGenerator(merged, options.id);
          return Promise.resolve();
        },
      });
    },
  };
}
