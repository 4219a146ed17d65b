import type { LiveSession, SessionFrame } from '../../shared/neighbours/live/frames.ts';
import type { LedgerEntry, LedgerHead } from '../ledger/ledger.ts';

/**
 * How a session lives in the ledger: two streams and a few heads. The outbound stream (named by
 * the session id) holds what subscribers get, each with the session's `seq` (`fromSeq` /
 * `streamSeq`): `created`, `render`, `props_update`, `data`, `drain_ack`. The event stream
 * (`<id>.events`) holds the session's history for agents (`sinceSequence` / `ack.sequence`):
 * `render`, `props`, `action`, `drain`, `host_context`. Heads keep the newest render, props and
 * each `replace` channel's value outside the replay window.
 */
export const eventsOf = (sessionId: string) => `${sessionId}.events`;

/** Head names. */
export const HEAD_RENDER = 'render';
export const HEAD_PROPS = 'props';
export const dataHead = (channel: string) => `data:${channel}`;
/** The head and entry kind that mark a session its agent ended: its tokens no longer bind a socket. */
export const HEAD_ENDED = 'ended';
export const KIND_ENDED = 'ended';

/** Outbound entry kinds that become frames. */
const FRAME_KINDS: ReadonlySet<string> = new Set(['render', 'props_update', 'data', 'drain_ack']);

/** The frame an outbound entry stands for (undefined for bookkeeping entries such as `created`). */
export function frameOf(sessionId: string, entry: LedgerEntry): SessionFrame | undefined {
  if (!FRAME_KINDS.has(entry.kind)) return undefined;
  const body = JSON.parse(entry.payload) as Record<string, unknown>;
  if (entry.kind === 'render') return { type: 'render', payload: { session: body.session as LiveSession, ...(typeof body.matchType === 'string' ? { matchType: body.matchType } : {}) }, seq: entry.seq };
  if (entry.kind === 'props_update') return { type: 'props_update', payload: { sessionId, props: body.props }, seq: entry.seq };
  if (entry.kind === 'drain_ack') return { type: 'drain_ack', payload: { sessionId, sequence: Number(body.sequence), actions: body.actions as Array<{ clientId: string; clientSeq: number }> }, seq: entry.seq };
  return { type: 'data', payload: { sessionId, channel: String(body.channel), mode: body.mode === 'replace' ? 'replace' : 'append', payload: body.payload, seq: entry.seq }, seq: entry.seq };
}

/** The snapshot the heads stand for: the committed session with its newest props, and each replace channel's newest value. */
export function snapshotOf(heads: Record<string, LedgerHead>): { session: LiveSession | null; channels: Record<string, { payload: unknown; seq: number }> } {
  const render = heads[HEAD_RENDER];
  const props = heads[HEAD_PROPS];
  const session = render === undefined ? null : { ...((JSON.parse(render.payload) as { session: LiveSession }).session), ...(props === undefined ? {} : { props: (JSON.parse(props.payload) as { props: unknown }).props }) };
  const channels: Record<string, { payload: unknown; seq: number }> = {};
  for (const [name, head] of Object.entries(heads)) {
    if (!name.startsWith('data:')) continue;
    channels[name.slice(5)] = { payload: (JSON.parse(head.payload) as { payload: unknown }).payload, seq: head.seq };
  }
  return { session, channels };
}

/** The action contract a render declares (`actionSpec`, see `server/live/action-contract.ts`); undefined when it declares none (anything goes). */
export function actionSpecOf(session: LiveSession | null | undefined): Record<string, unknown> | undefined {
  const spec = session?.actionSpec;
  return typeof spec === 'object' && spec !== null && !Array.isArray(spec) ? spec : undefined;
}
