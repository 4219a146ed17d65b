import type { LiveSession, SessionFrame } from '../../shared/neighbours/live/frames.ts';
import type { AppendItem, Ledger, LedgerEntry, LedgerHead } from '../ledger/ledger.ts';
import type { Publish } from './publish.ts';

/**
 * How a session lives in the ledger: two streams and a few heads. The outbound stream (named by
 * the session id) holds what subscribers get, each with the session's `seq` (`fromSeq` /
 * `streamSeq`): `created`, `render`, `props_update`, `data`, `drain_ack`. The event stream
 * (`<id>.events`) holds the session's history for agents (`sinceSequence` / `ack.sequence`):
 * `render`, `props`, `action`, `drain`, `host_context`. Heads keep the newest render, props and
 * each `replace` channel's value outside the replay window.
 *
 * This module is the one place that writes them: each `append…` below records one thing the
 * session does, and where it lands in both streams it is one `appendAll` (one transaction, one
 * Lua script), so a crash never leaves a frame without its event or an event without its frame.
 */
export const eventsOf = (sessionId: string) => `${sessionId}.events`;

/** Head names. */
export const HEAD_RENDER = 'render';
export const HEAD_PROPS = 'props';
export const dataHead = (channel: string) => `data:${channel}`;
/** The head and entry kind that mark a session its agent ended: its tokens no longer bind a socket. */
export const HEAD_ENDED = 'ended';
export const KIND_ENDED = 'ended';

/** The kinds of the outbound stream (`<id>`): `created` is bookkeeping, the others become frames. */
export type OutboundKind = 'created' | 'render' | 'props_update' | 'data' | 'drain_ack' | typeof KIND_ENDED;

/** The kinds of the event stream (`<id>.events`), what agents read with `events?since=`. */
export type EventKind = 'render' | 'props' | 'action' | 'drain' | 'host_context' | 'budget' | typeof KIND_ENDED;

/** A render as agents publish it. */
export type RenderBody = Extract<Publish, { kind: 'render' }>['body'];
/** A props update. */
export type PropsBody = Extract<Publish, { kind: 'props' }>['body'];
/** A data envelope. */
export type DataBody = Extract<Publish, { kind: 'data' }>['body'];
/** A drain: the actions consumed, through an event sequence. */
export interface DrainBody {
  sequence: number;
  actions: Array<{ clientId: string; clientSeq: number }>;
}

/**
 * SECURITY: what pages send can take only part of a session's quota, so its agent can always
 * publish, drain and end it. Actions await the agent's drain (pinned: trimming never removes
 * them before), and with host contexts they may fill the event stream to half its quota; budget
 * events, which pages cause, to three quarters. The agent's own entries use the whole quota, over
 * which the oldest acknowledged entries are trimmed, and ending a session is never refused.
 */
export const VIEWER_SHARE = 0.5;
const BUDGET_SHARE = 0.75;
/** The share at which the agent is told (a `budget` event `QUOTA_NEAR`): half of what pages may fill. */
export const QUOTA_NOTICE_SHARE = VIEWER_SHARE / 2;

/** Head name of the newest drain (on the event stream). */
export const HEAD_DRAINED = 'drained';

/** Outbound entry kinds that become frames. */
const FRAME_KINDS: ReadonlySet<OutboundKind> = new Set(['render', 'props_update', 'data', 'drain_ack']);

/** A session is created: its outbound stream starts with `created` (a session exists when its stream is not empty). */
export function appendCreated(ledger: Ledger, sessionId: string, appId: string): Promise<number> {
  return ledger.append(sessionId, 'created' satisfies OutboundKind, JSON.stringify({ appId }));
}

/**
 * A render: the frame (the render head) and its event `{seq, session}` in one transaction; resolves with the frame's
 * `seq`.
 */
export async function appendRender(ledger: Ledger, sessionId: string, body: RenderBody): Promise<number> {
  const [seq] = (await ledger.appendAll([
    { session: sessionId, kind: 'render' satisfies OutboundKind, payload: JSON.stringify(body), head: HEAD_RENDER },
    {
      session: eventsOf(sessionId),
      kind: 'render' satisfies EventKind,
      payload: JSON.stringify({ session: body.session }),
      seqOf: 0,
    },
  ]))!;
  return seq!;
}

/**
 * A props update: the frame (the props head) and its event `{seq, props}` in one transaction; resolves with the frame's
 * `seq`.
 */
export async function appendProps(ledger: Ledger, sessionId: string, body: PropsBody): Promise<number> {
  const [seq] = (await ledger.appendAll([
    {
      session: sessionId,
      kind: 'props_update' satisfies OutboundKind,
      payload: JSON.stringify(body),
      head: HEAD_PROPS,
    },
    {
      session: eventsOf(sessionId),
      kind: 'props' satisfies EventKind,
      payload: JSON.stringify({ props: body.props }),
      seqOf: 0,
    },
  ]))!;
  return seq!;
}

/** A data envelope as a ledger item (a `replace` channel's value also becomes its head); it has no event. */
function dataItem(sessionId: string, body: DataBody): AppendItem {
  const item: AppendItem = { session: sessionId, kind: 'data' satisfies OutboundKind, payload: JSON.stringify(body) };
  if (body.mode === 'replace') item.head = dataHead(body.channel);
  return item;
}

/**
 * Data envelopes, in order, in one `appendAll`: one transaction (one group commit, one fsync on
 * SQLite) for a whole batch, and all or nothing (a quota refusal records none of it). Resolves
 * with their `seq`s.
 */
export async function appendData(ledger: Ledger, sessionId: string, bodies: readonly DataBody[]): Promise<number[]> {
  return (await ledger.appendAll(bodies.map((body) => dataItem(sessionId, body))))!;
}

/**
 * A drain: the `drain` event (the drained head) and the `drain_ack` frame pages clear their marks by, in one
 * transaction; resolves with the event's sequence.
 */
export async function appendDrain(ledger: Ledger, sessionId: string, drain: DrainBody): Promise<number> {
  const payload = JSON.stringify({ sequence: drain.sequence, actions: drain.actions });
  const [sequence] = (await ledger.appendAll([
    // The drained actions are acknowledged: from now on they may be trimmed to make room.
    {
      session: eventsOf(sessionId),
      kind: 'drain' satisfies EventKind,
      payload,
      head: HEAD_DRAINED,
      release: drain.sequence,
    },
    { session: sessionId, kind: 'drain_ack' satisfies OutboundKind, payload },
  ]))!;
  return sequence!;
}

/**
 * A user's action: its key (`<clientId>/<clientSeq>`) and its event in one transaction, so an
 * action is never recorded as seen without its event. Resolves with the event's sequence, or
 * `null` for a resend (nothing appended).
 */
export async function appendAction(
  ledger: Ledger,
  sessionId: string,
  clientId: string,
  action: { clientSeq: number } & Record<string, unknown>,
): Promise<number | null> {
  const payload = JSON.stringify({ ...action, clientId });
  const kind: EventKind = 'action';
  const item = { session: eventsOf(sessionId), kind, payload, pin: true, share: VIEWER_SHARE };
  const seqs = await ledger.appendAll([item], { session: sessionId, key: `${clientId}/${action.clientSeq}` });
  return seqs === null ? null : seqs[0]!;
}

/**
 * The agent ended the session: the `ended` frame (the ended head: its tokens bind no socket again) and its event, in
 * one transaction.
 */
export async function appendEnded(ledger: Ledger, sessionId: string): Promise<number> {
  const [seq] = (await ledger.appendAll([
    // An agent can always end what it started: these two small entries pass a full quota.
    {
      session: sessionId,
      kind: KIND_ENDED satisfies OutboundKind,
      payload: JSON.stringify({ at: Date.now() }),
      head: HEAD_ENDED,
      overQuota: true,
    },
    { session: eventsOf(sessionId), kind: KIND_ENDED satisfies EventKind, payload: '{}', seqOf: 0, overQuota: true },
  ]))!;
  return seq!;
}

/** A budget a socket of the session hit (the agent reads why a page was dropped). */
export async function appendBudget(ledger: Ledger, sessionId: string, code: string, reason: string): Promise<number> {
  const payload = JSON.stringify({ code, reason });
  const kind: EventKind = 'budget';
  const [seq] = (await ledger.appendAll([{ session: eventsOf(sessionId), kind, payload, share: BUDGET_SHARE }]))!;
  return seq!;
}

/** A page's host context (JSON text, already bounded by the caller) as an event. */
export async function appendHostContext(ledger: Ledger, sessionId: string, text: string): Promise<number> {
  const kind: EventKind = 'host_context';
  const item = { session: eventsOf(sessionId), kind, payload: text, share: VIEWER_SHARE };
  const [seq] = (await ledger.appendAll([item]))!;
  return seq!;
}

/** The frame an outbound entry stands for (undefined for bookkeeping entries such as `created`). */
export function frameOf(sessionId: string, entry: LedgerEntry): SessionFrame | undefined {
  if (!FRAME_KINDS.has(entry.kind as OutboundKind)) return undefined;
  const body = JSON.parse(entry.payload) as Record<string, unknown>;
  if (entry.kind === 'render')
    return {
      type: 'render',
      payload: {
        session: body.session as LiveSession,
        ...(typeof body.matchType === 'string' ? { matchType: body.matchType } : {}),
      },
      seq: entry.seq,
    };
  if (entry.kind === 'props_update')
    return { type: 'props_update', payload: { sessionId, props: body.props }, seq: entry.seq };
  if (entry.kind === 'drain_ack')
    return {
      type: 'drain_ack',
      payload: {
        sessionId,
        sequence: Number(body.sequence),
        actions: body.actions as Array<{ clientId: string; clientSeq: number }>,
      },
      seq: entry.seq,
    };
  return {
    type: 'data',
    payload: {
      sessionId,
      channel: String(body.channel),
      mode: body.mode === 'replace' ? 'replace' : 'append',
      payload: body.payload,
      seq: entry.seq,
    },
    seq: entry.seq,
  };
}

/**
 * The snapshot the heads stand for: the committed session with its newest props, and each replace channel's newest
 * value.
 */
export function snapshotOf(heads: Record<string, LedgerHead>): {
  session: LiveSession | null;
  channels: Record<string, { payload: unknown; seq: number }>;
} {
  const render = heads[HEAD_RENDER];
  const props = heads[HEAD_PROPS];
  const session =
    render === undefined
      ? null
      : {
          ...(JSON.parse(render.payload) as { session: LiveSession }).session,
          ...(props === undefined ? {} : { props: (JSON.parse(props.payload) as { props: unknown }).props }),
        };
  const channels: Record<string, { payload: unknown; seq: number }> = {};
  for (const [name, head] of Object.entries(heads)) {
    if (!name.startsWith('data:')) continue;
    channels[name.slice(5)] = { payload: (JSON.parse(head.payload) as { payload: unknown }).payload, seq: head.seq };
  }
  return { session, channels };
}

/**
 * The action contract a render declares (`actionSpec`, see `server/live/action-contract.ts`); undefined when it
 * declares none (anything goes).
 */
export function actionSpecOf(session: LiveSession | null | undefined): Record<string, unknown> | undefined {
  const spec = session?.actionSpec;
  return typeof spec === 'object' && spec !== null && !Array.isArray(spec) ? spec : undefined;
}
