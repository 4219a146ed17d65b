import {
  LIVE_PROTOCOL_VERSION,
  type ActionFrame,
  type ChannelFrame,
  type ClientFrame,
  type LiveErrorCode,
  type LiveSession,
  type ServerFrame,
  type SubscribeFrame,
} from '../../shared/neighbours/live/frames.ts';
import { endedMessage, isEnded, isEndedEntry } from '../sessions/revocation.ts';
import { actionSpecOf, appendAction, appendHostContext, eventsOf, frameOf, snapshotOf } from '../sessions/streams.ts';
import { checkAction } from './action-contract.ts';
import { authorizeSubscribe, upgradeCredentials, type UpgradeCredentials } from './authorize.ts';
import type { IncomingMessage } from 'node:http';
import type { SocketHandler } from '../http/json-socket.ts';
import type { LedgerEntry } from '../ledger/ledger.ts';
import type { FanoutCallbacks, FanoutReader } from './fanout.ts';
import type { LiveContext } from './live-server.ts';

/** The socket end a connection talks through (the JSON socket itself: `server/http/json-socket.ts`). */
export interface ConnectionIo {
  send(frame: ServerFrame): unknown;
  /** Send a frame already serialized (shared by every socket reading the same entry). */
  sendText(text: string): unknown;
  fail(code: LiveErrorCode, message: string, close?: boolean): void;
  /** Count the socket against the session's socket and memory budgets (refused when the session has its sockets). */
  bind(sessionId: string): { ok: true } | { ok: false; reason: string };
}

/** Entry → its frame as text (null: not a frame), computed by the first socket that sends it. */
const serialized = new WeakMap<object, { text: string; session: LiveSession | undefined } | null>();

/** Bytes of one recorded host context. */
const MAX_HOST_CONTEXT = 4096;

/**
 * One socket's side of the live channel: `subscribe` first (version, token, session), the `ack`
 * with the resume cursors and the snapshot, then — `sinceSequence` first, as the seed orders it —
 * the event ledger as `render_event`s and the outbound stream from `fromSeq`, replayed then live.
 * Actions are checked (session, contract) and recorded once per (clientId, clientSeq); server
 * channels are subscribed by name; the host context is recorded as a session event. It keeps the
 * upgrade's credentials for the subscribe (`upgradeCredentials`), not the request or its URL.
 */
export function createConnection(
  context: LiveContext,
  io: ConnectionIo,
  url: URL,
  request: Pick<IncomingMessage, 'headers'>,
): SocketHandler<ClientFrame> {
  return new LiveConnection(context, io, upgradeCredentials(url, request));
}

/**
 * A class, not a closure per handler: a server holds one per subscriber, and its methods live once
 * on the prototype (issue 43: memory per subscriber). It is also the stream's fan-out reader.
 */
class LiveConnection implements SocketHandler<ClientFrame>, FanoutCallbacks {
  private readonly context: LiveContext;
  private readonly io: ConnectionIo;
  private readonly upgrade: UpgradeCredentials;
  /** The session this socket counts in for presence (set once joined, cleared on leaving). */
  private present: string | undefined;
  /** The session stream's and the event ledger's readers, once subscribed. */
  private streamReader: FanoutReader | undefined;
  private eventsReader: FanoutReader | undefined;
  private channelStops: Map<string, () => void> | undefined;
  // What the subscribe bound it to: fields, not a record of their own (56 bytes a socket; issue 43).
  /** The session it subscribed to (undefined until then). */
  private sessionId: string | undefined = undefined;
  private clientId = '';
  private role: 'user' | 'agent' = 'user';
  /** The action names of the newest render this socket saw (undefined: anything goes). */
  private actionSpec: Record<string, unknown> | undefined = undefined;
  private lastHostContext: string | undefined = undefined;
  private stopped = false;
  private sentEvents = 0;

  constructor(context: LiveContext, io: ConnectionIo, upgrade: UpgradeCredentials) {
    this.context = context;
    this.io = io;
    this.upgrade = upgrade;
  }

  async frame(frame: ClientFrame): Promise<void> {
    const { io } = this;
    if (frame.type === 'subscribe')
      return this.subscribe(frame).catch((error: unknown) => {
        // A subscribe the store could not answer (a Redis primary failing over) is not half done:
        // bound to its session with no reader, the socket answered pings and got no frame, so a
        // page never reconnected. Closed with a retryable code, the page reconnects and resumes.
        // The store's own words (addresses, paths) go to the server's log, never to the page.
        this.stopReading();
        const why = error instanceof Error ? error.message : String(error);
        this.context.options.log({
          event: 'subscribe-failed',
          sessionId: this.sessionId,
          error: why.slice(0, 500),
        });
        io.fail('BUSY', "the session's store did not answer the subscribe; reconnect", true);
      });
    // Seed 004: subscribe comes first, ping included.
    if (this.sessionId === undefined) return io.fail('SUBSCRIBE_FIRST', `send subscribe first (got ${frame.type})`);
    if (frame.type === 'ping') return void io.send({ type: 'pong' });
    if (frame.type === 'action') return this.action(frame);
    if (frame.type === 'host_context_observed') return this.hostContext(frame.payload);
    return this.channel(frame);
  }

  closed(): void {
    this.stopped = true;
    this.stopReading();
    for (const stop of this.channelStops?.values() ?? []) stop();
    this.channelStops?.clear();
  }

  /** Leave presence and stop both readers (idempotent): the socket closed, or its subscribe failed. */
  private stopReading(): void {
    if (this.present !== undefined) this.context.presence.leave(this.present);
    this.present = undefined;
    this.streamReader?.stop();
    this.eventsReader?.stop();
    this.streamReader = this.eventsReader = undefined;
  }

  /** The session stream's next entry (the fan-out calls it, in order, once each). */
  onEntry(entry: LedgerEntry): void {
    const sessionId = this.sessionId!;
    if (isEndedEntry(entry)) return this.io.fail('SESSION_ENDED', endedMessage(sessionId), true);
    // Parsed and serialized once per entry, however many sockets read it (the fan-out shares entries).
    let cached = serialized.get(entry);
    if (cached === undefined) {
      const out = frameOf(sessionId, entry);
      cached =
        out === undefined
          ? null
          : { text: JSON.stringify(out), session: out.type === 'render' ? out.payload.session : undefined };
      serialized.set(entry, cached);
    }
    if (cached === null) return;
    if (cached.session !== undefined) this.actionSpec = actionSpecOf(cached.session);
    this.io.sendText(cached.text);
  }

  /** The session stream moved past this socket's cursor. */
  onBehind(): void {
    this.io.fail(
      'REPLAY_HORIZON_PASSED',
      'this connection fell behind the replay window; reconnect with your fromSeq for a snapshot',
      true,
    );
  }

  private async subscribe(frame: SubscribeFrame): Promise<void> {
    const { io, context } = this;
    const { ledger } = context.options;
    if (this.sessionId !== undefined) return io.fail('BAD_FRAME', 'this connection is subscribed already');
    const { sessionId, fromSeq, sinceSequence, supportedVersions, role = 'user' } = frame.payload;
    if (supportedVersions !== undefined && !supportedVersions.includes(LIVE_PROTOCOL_VERSION)) {
      const reject = (context.options.versionPolicy ?? 'reject') === 'reject';
      io.fail(
        'UPGRADE_REQUIRED',
        `this server speaks ${LIVE_PROTOCOL_VERSION}; the client accepts ${supportedVersions.join(', ') || 'nothing'}`,
        reject,
      );
      if (reject) return;
    }
    const auth = authorizeSubscribe(context.options, frame, this.upgrade);
    if (!auth.ok) return io.fail('SUBSCRIBE_UNAUTHORIZED', auth.reason, true);
    const last = await ledger.last(sessionId);
    if (last === 0) return io.fail('SESSION_NOT_FOUND', `no session ${sessionId}`, true);
    const heads = await ledger.heads(sessionId);
    // SECURITY: ending a session ends its tokens: no socket binds to it again.
    if (isEnded(heads)) return io.fail('SESSION_ENDED', endedMessage(sessionId), true);
    const place = io.bind(sessionId);
    if (!place.ok) return io.fail('TOO_MANY_CONNECTIONS', place.reason, true);
    const events = eventsOf(sessionId);
    const eventsLast = await ledger.last(events);
    const snapshot = snapshotOf(heads);
    // Behind the window (or ahead of a ledger that lost data): the snapshot stands for the history.
    const truncated = fromSeq !== undefined && (fromSeq > last || (await ledger.read(sessionId, fromSeq, 1)).truncated);
    const replays = fromSeq !== undefined && !truncated;
    this.sessionId = sessionId;
    this.clientId = frame.payload.clientId ?? '';
    this.role = role;
    this.actionSpec = actionSpecOf(snapshot.session);
    io.send({
      type: 'ack',
      payload: {
        sequence: eventsLast,
        timestamp: Date.now(),
        streamSeq: last,
        session: snapshot.session,
        ...(replays ? {} : { channels: snapshot.channels }),
        ...(truncated ? { replayTruncated: true } : {}),
        ...(auth.sessionToken !== undefined ? { sessionToken: auth.sessionToken } : {}),
        serverVersion: LIVE_PROTOCOL_VERSION,
      },
    });
    if (auth.refreshed !== undefined)
      io.send({
        type: 'system',
        payload: {
          kind: 'credentials',
          message: 'a fresh session token for the next reconnect',
          sessionToken: auth.refreshed,
        },
      });
    // The socket may have closed during the reads above: it joins nothing then (it would count for ever).
    if (this.stopped) return;
    context.presence.join(sessionId);
    this.present = sessionId;
    if (sinceSequence !== undefined) await this.replayEvents(sessionId, sinceSequence, eventsLast);
    if (this.stopped) return;
    // An agent that asks for no fromSeq reads the events only.
    if (role === 'agent' && fromSeq === undefined) return;
    this.streamReader = context.fanout.join(sessionId, replays ? fromSeq : last, this, last);
    context.options.log({ event: 'subscribed', sessionId, role, fromSeq, streamSeq: last, truncated });
  }

  /** The event ledger from `sinceSequence` as `render_event`s, then its live tail. */
  private async replayEvents(sessionId: string, sinceSequence: number, eventsLast: number): Promise<void> {
    const { io, context } = this;
    const { ledger } = context.options;
    const events = eventsOf(sessionId);
    const first = await ledger.read(events, Math.min(sinceSequence, eventsLast), 1);
    if (this.stopped) return;
    let cursor = sinceSequence;
    if (sinceSequence > eventsLast) {
      // A cursor ahead of the ledger (another server's, or a ledger that lost data): said, and every event from here on
      // is sent.
      io.fail(
        'REPLAY_HORIZON_PASSED',
        `sinceSequence ${sinceSequence} is ahead of this session's event ` +
          `ledger (last ${eventsLast}); replaying from ${eventsLast}`,
      );
      cursor = eventsLast;
    } else if (first.truncated) {
      io.fail(
        'REPLAY_HORIZON_PASSED',
        `events after ${sinceSequence} were trimmed; replaying from ${first.entries[0]?.seq ?? eventsLast + 1}`,
      );
      cursor = (first.entries[0]?.seq ?? eventsLast + 1) - 1;
    }
    this.sentEvents = cursor;
    this.eventsReader = context.fanout.join(
      events,
      cursor,
      {
        onEntry: (entry) => {
          this.sentEvents = entry.seq;
          io.send({
            type: 'render_event',
            payload: {
              sequence: entry.seq,
              at: entry.at,
              kind: entry.kind,
              payload: JSON.parse(entry.payload) as unknown,
            },
          });
        },
        onBehind: () =>
          io.fail(
            'REPLAY_HORIZON_PASSED',
            'this connection fell behind the event ledger window; reconnect with sinceSequence',
            true,
          ),
      },
      eventsLast,
    );
    // The seed orders sinceSequence replay before fromSeq replay: wait until the events caught up.
    const deadline = Date.now() + 10_000;
    while (!this.stopped && this.sentEvents < eventsLast && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
  }

  private async action(frame: ActionFrame): Promise<void> {
    const { io, context } = this;
    const sessionId = this.sessionId!;
    if (frame.payload.sessionId !== sessionId)
      return io.fail('SESSION_MISMATCH', `this connection is bound to ${sessionId}`);
    // Nothing that breaks the render's contract reaches the consume buffer (seed 004: CONTRACT_VIOLATION).
    const broken = checkAction(this.actionSpec, frame.payload.type, frame.payload.payload);
    if (broken !== undefined) return io.fail('CONTRACT_VIOLATION', broken);
    const refused = (error: unknown) => context.quota.refused(sessionId, error);
    const { ledger } = context.options;
    const fresh = (await appendAction(ledger, sessionId, this.clientId, frame.payload).catch(refused)) !== null;
    io.send({ type: 'action_recorded', payload: { clientSeq: frame.payload.clientSeq, duplicate: !fresh } });
    if (fresh) await context.quota.recorded(sessionId);
  }

  private channel(frame: ChannelFrame): void {
    const { io, context } = this;
    const channelStops = (this.channelStops ??= new Map());
    const name = typeof frame.payload === 'string' ? frame.payload : frame.payload.channel;
    if (frame.type === 'channel_unsubscribe') {
      channelStops.get(name)?.();
      channelStops.delete(name);
      return;
    }
    if (channelStops.has(name)) return;
    const source = context.channels.get(name);
    if (source === undefined)
      return void io.send({
        type: 'channel_error',
        payload: {
          channel: name,
          code: 'CHANNEL_UNKNOWN',
          message:
            `no server channel ${JSON.stringify(name)}; this server ` +
            `offers ${[...context.channels.keys()].join(', ')}`,
        },
      });
    let failed = false;
    const fail = (code: Parameters<Parameters<typeof source.subscribe>[2]>[0], message: string) => {
      failed = true;
      channelStops.get(name)?.();
      channelStops.delete(name);
      io.send({ type: 'channel_error', payload: { channel: name, code, message } });
    };
    try {
      const stop = source.subscribe(
        { sessionId: this.sessionId!, role: this.role },
        (payload) => {
          if (!failed && !this.stopped) io.send({ type: 'channel_payload', payload: { channel: name, payload } });
        },
        fail,
      );
      if (failed) stop();
      else channelStops.set(name, stop);
    } catch (error) {
      fail('POLL_FAILED', error instanceof Error ? error.message : String(error));
    }
  }

  private async hostContext(payload: Record<string, unknown>): Promise<void> {
    const sessionId = this.sessionId!;
    const text = JSON.stringify(payload);
    if (text.length > MAX_HOST_CONTEXT)
      return this.io.fail('BAD_FRAME', `a host context is at most ${MAX_HOST_CONTEXT} bytes of JSON`);
    // Recorded when it changes: a page that repeats itself does not fill the event ledger.
    if (text === this.lastHostContext) return;
    this.lastHostContext = text;
    const refused = (error: unknown) => this.context.quota.refused(sessionId, error);
    await appendHostContext(this.context.options.ledger, sessionId, text).catch(refused);
  }
}
