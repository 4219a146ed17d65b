import { backoffDelay, reconnectPolicy, type ReconnectPolicy } from '../../shared/backoff.ts';
import {
  LIVE_PROTOCOL_VERSION,
  type LiveSession,
  type ServerFrame,
  type SessionEvent,
  type SessionFrame,
} from '../../shared/neighbours/live/frames.ts';

/** The connection's state, as a host shows it. */
export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** What an ack that replays nothing gives: the state to start from. */
export interface LiveSnapshot {
  session: LiveSession | null;
  channels: Record<string, { payload: unknown; seq: number }>;
  /** The client asked for history the server no longer keeps (`replayTruncated`). */
  truncated: boolean;
  /** The position the snapshot stands for; frames after it follow. */
  seq: number;
}

/** Options of `createLiveClient`. */
export interface LiveClientOptions {
  /** `ws://host:port/ws`, or several: a lost connection moves on to the next (failover between processes). */
  url: string | readonly string[];
  sessionId: string;
  /** The short-lived token the session was created with (the first subscribe). */
  wsToken?: string;
  /** An agent's token (Node): subscribes with `role: "agent"`. */
  agentToken?: string;
  /**
   * Which part of the outbound stream to read: `all` (default: replay from the start, then live),
   * `tail` (the snapshot in the ack, then live: for a page that re-renders from state) or `none`.
   * After the first ack, reconnects always resume from the last frame applied.
   */
  stream?: 'all' | 'tail' | 'none';
  /** Read the event ledger from this sequence (`render_event`s to `onEvent`), resuming across reconnects. */
  sinceSequence?: number;
  /** Session frames (render, props_update, data, drain_ack), each exactly once and in order across reconnects. */
  onFrame?(frame: SessionFrame): void;
  /** The ack's snapshot when it replays nothing (stream `tail`, or history lost: `truncated`). */
  onSnapshot?(snapshot: LiveSnapshot): void;
  onEvent?(event: SessionEvent): void;
  onStatus?(status: LiveStatus, detail?: string): void;
  /** Errors the server sent (`error` frames), and the client's own (UPGRADE_REQUIRED; CONNECT_FAILED after the first 3 sockets never opened, retrying goes on; a client that was connected before reports a restart as `reconnecting` only). */
  onError?(code: string, message: string): void;
  /** The number of this client's actions the agent has not drained yet changed. */
  onPending?(pending: number): void;
  /** `system` frames (logged by hosts). */
  onSystem?(kind: string, message: string): void;
  /** Sent after every ack (`host_context_observed`). */
  hostContext?: Record<string, unknown>;
  /** Reconnect backoff: first delay, cap, attempts (the one `shared/backoff.ts` policy; default 1 s, 30 s, 10). */
  backoff?: Partial<ReconnectPolicy>;
  /** Heartbeat: ping every `intervalMs`; no pong within `timeoutMs` → reconnect (default 15 s / 10 s). */
  heartbeat?: { intervalMs?: number; timeoutMs?: number };
  /** The WebSocket class (the browser's by default; `ws` in Node). */
  WebSocketImpl?: typeof WebSocket;
}

/** A live-channel connection that outlives its sockets. */
export interface LiveClient {
  /** Send a user action; it is resent after a reconnect until the server recorded it, and counted once. Returns its clientSeq. */
  sendAction(type: string, payload: unknown): number;
  /** Subscribe to a server channel (`channel_subscribe`, renewed after reconnects); returns the unsubscribe. */
  subscribeChannel(
    name: string,
    onPayload: (payload: unknown) => void,
    onError?: (code: string, message: string) => void,
  ): () => void;
  /** Report a new host context (theme, locale …). */
  setHostContext(context: Record<string, unknown>): void;
  readonly status: LiveStatus;
  /** The newest session frame applied. */
  readonly lastSeq: number;
  /** Actions sent and not drained by the agent yet. */
  readonly pending: number;
  close(): void;
}

/** Error codes after which reconnecting cannot help: the client stops and says why. */
// ORIGIN_NOT_ALLOWED: the page's origin is not in the server's --origins; only the operator can fix it.
const FINAL_CODES: ReadonlySet<string> = new Set([
  'UPGRADE_REQUIRED',
  'SESSION_NOT_FOUND',
  'SESSION_ENDED',
  'ORIGIN_NOT_ALLOWED',
]);

/** Sockets in a row that close without ever opening before the client says so (`CONNECT_FAILED`). */
const UNOPENED_BEFORE_REPORT = 3;

const randomId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The browser's end of the live channel (seed 004): a resumable connection. It subscribes with the
 * wsToken first and the session token after; on a lost socket it reconnects with exponential
 * backoff and jitter (moving along its URL list), resuming from the last applied `seq` (frames it
 * already applied are skipped, so each is applied exactly once, in order); unacknowledged actions
 * are resent and deduplicated by (clientId, clientSeq) on the server; a silent server (no pong)
 * counts as lost; a server of another protocol version is refused.
 */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const urls = typeof options.url === 'string' ? [options.url] : [...options.url];
  const policy = reconnectPolicy(options.backoff);
  const pingEvery = options.heartbeat?.intervalMs ?? 15_000;
  const pongWithin = options.heartbeat?.timeoutMs ?? 10_000;
  // Per page: actions are deduplicated per (clientId, clientSeq), so tabs and reloads never collide.
  const clientId = randomId();
  let clientSeq = 0;
  const outbox = new Map<number, { type: string; payload: unknown }>();
  const pending = new Set<number>();
  const channels = new Map<
    string,
    { onPayload(payload: unknown): void; onError?(code: string, message: string): void }
  >();
  let hostContext = options.hostContext;
  let lastSeq = -1; // -1: nothing yet (the first subscribe decides by `stream`)
  let lastSequence = options.sinceSequence;
  let sessionToken: string | undefined;
  let status: LiveStatus = 'connecting';
  let socket: WebSocket | undefined;
  let urlIndex = 0;
  let failures = 0;
  // Sockets in a row that closed before opening: a server that is down, or one that refuses the
  // upgrade with a status the browser hides from the page.
  let unopened = 0;
  // Once any socket opened, the server and the origin are known good: a restart is 'reconnecting', not a failure to connect.
  let everOpened = false;
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let pongDue: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: LiveStatus, detail?: string) => {
    status = next;
    options.onStatus?.(next, detail);
  };
  const send = (frame: unknown) => {
    if (socket?.readyState === Impl.OPEN) socket.send(JSON.stringify(frame));
  };
  const sendAction = (seq: number, action: { type: string; payload: unknown }) =>
    send({
      type: 'action',
      payload: { sessionId: options.sessionId, type: action.type, payload: action.payload, clientSeq: seq },
    });
  const stop = (detail: string) => {
    closed = true;
    stopHeartbeat();
    socket?.close();
    setStatus('disconnected', detail);
  };

  function connect(): void {
    const url = urls[urlIndex % urls.length]!;
    const query =
      options.agentToken !== undefined
        ? `?token=${encodeURIComponent(options.agentToken)}`
        : sessionToken !== undefined
          ? `?token=${encodeURIComponent(sessionToken)}`
          : `?wsToken=${encodeURIComponent(options.wsToken ?? '')}`;
    const ws = new Impl(`${url}${query}`);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      everOpened = true;
      unopened = 0;
      const stream = options.stream ?? 'all';
      const fromSeq = lastSeq >= 0 ? lastSeq : stream === 'all' ? 0 : undefined;
      const payload = {
        sessionId: options.sessionId,
        clientId,
        supportedVersions: [LIVE_PROTOCOL_VERSION],
        ...(options.agentToken !== undefined
          ? { role: 'agent' }
          : sessionToken === undefined
            ? { wsToken: options.wsToken }
            : {}),
        ...(fromSeq !== undefined && stream !== 'none' ? { fromSeq } : {}),
        ...(lastSequence !== undefined ? { sinceSequence: lastSequence } : {}),
      };
      ws.send(JSON.stringify({ type: 'subscribe', payload }));
    };
    ws.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (socket === ws) receive(frame);
    };
    ws.onclose = () => {
      stopHeartbeat();
      if (socket !== ws || closed) return;
      failures += 1;
      // Said once per streak, and retrying goes on: a server that is starting comes up by itself.
      if (!opened && !everOpened && (unopened += 1) === UNOPENED_BEFORE_REPORT) {
        options.onError?.(
          'CONNECT_FAILED',
          `could not open ${url} (${UNOPENED_BEFORE_REPORT} attempts in a row); still retrying. Is the suip server running there? A server older than this client refuses a page whose origin is not in its --origins without saying so: add this page's origin (${typeof location === 'undefined' ? 'this page' : location.origin}) to --origins`,
        );
      }
      if (failures > policy.attempts) return stop(`gave up after ${policy.attempts} attempts`);
      setStatus('reconnecting');
      // The first retry goes to the next process at once; then exponential backoff with jitter.
      urlIndex += 1;
      const delay = urls.length > 1 && failures === 1 ? 0 : backoffDelay(failures, policy);
      setTimeout(() => {
        if (!closed) connect();
      }, delay);
    };
    ws.onerror = () => undefined;
  }

  function receive(frame: ServerFrame): void {
    switch (frame.type) {
      case 'ack':
        return acked(frame.payload);
      case 'pong':
        if (pongDue !== undefined) clearTimeout(pongDue);
        pongDue = undefined;
        return;
      case 'action_recorded':
        outbox.delete(frame.payload.clientSeq);
        return;
      case 'render_event':
        lastSequence = Math.max(lastSequence ?? 0, frame.payload.sequence);
        options.onEvent?.(frame.payload);
        return;
      case 'channel_payload':
        channels.get(frame.payload.channel)?.onPayload(frame.payload.payload);
        return;
      case 'channel_error':
        channels.get(frame.payload.channel)?.onError?.(frame.payload.code, frame.payload.message);
        channels.delete(frame.payload.channel);
        return;
      case 'system':
        if (frame.payload.sessionToken !== undefined) sessionToken = frame.payload.sessionToken;
        options.onSystem?.(frame.payload.kind, frame.payload.message);
        // The server is going away: the next process (or the restarted one) is tried at once.
        if (frame.payload.kind === 'shutdown') failures = 0;
        return;
      case 'error':
        options.onError?.(frame.payload.code, frame.payload.message);
        // Errors no retry can fix end the client, said to the host, instead of a reconnect loop.
        if (FINAL_CODES.has(frame.payload.code)) stop(frame.payload.code);
        else if (frame.payload.code === 'SUBSCRIBE_UNAUTHORIZED') {
          // An expired session token falls back to the wsToken once; a refused wsToken ends it.
          if (sessionToken !== undefined) sessionToken = undefined;
          else stop(frame.payload.code);
        }
        return;
      default:
        // Exactly once, in order: a replay after a reconnect may repeat what was applied.
        if (frame.seq <= lastSeq) return;
        lastSeq = frame.seq;
        if (frame.type === 'drain_ack') {
          const before = pending.size;
          for (const action of frame.payload.actions)
            if (action.clientId === clientId) pending.delete(action.clientSeq);
          if (pending.size !== before) options.onPending?.(pending.size);
        }
        options.onFrame?.(frame);
    }
  }

  function acked(ack: Extract<ServerFrame, { type: 'ack' }>['payload']): void {
    if (ack.serverVersion !== undefined && ack.serverVersion !== LIVE_PROTOCOL_VERSION) {
      options.onError?.(
        'UPGRADE_REQUIRED',
        `the server speaks ${ack.serverVersion}; this client speaks ${LIVE_PROTOCOL_VERSION}`,
      );
      return stop('version mismatch');
    }
    sessionToken = ack.sessionToken ?? sessionToken;
    failures = 0;
    if (ack.channels !== undefined && options.stream !== 'none') {
      // No replay: the snapshot is the state, and frames after it follow.
      lastSeq = ack.streamSeq;
      options.onSnapshot?.({
        session: ack.session,
        channels: ack.channels,
        truncated: ack.replayTruncated === true,
        seq: ack.streamSeq,
      });
    } else if (lastSeq < 0) lastSeq = 0;
    setStatus('connected');
    startHeartbeat();
    if (hostContext !== undefined) send({ type: 'host_context_observed', payload: hostContext });
    for (const name of channels.keys()) send({ type: 'channel_subscribe', payload: name });
    for (const [seq, action] of outbox) sendAction(seq, action);
  }

  function startHeartbeat(): void {
    stopHeartbeat();
    heartbeat = setInterval(() => {
      send({ type: 'ping' });
      pongDue ??= setTimeout(() => socket?.close(), pongWithin);
    }, pingEvery);
  }
  function stopHeartbeat(): void {
    if (heartbeat !== undefined) clearInterval(heartbeat);
    if (pongDue !== undefined) clearTimeout(pongDue);
    heartbeat = undefined;
    pongDue = undefined;
  }

  setStatus('connecting');
  connect();
  return {
    sendAction(type, payload) {
      clientSeq += 1;
      outbox.set(clientSeq, { type, payload });
      pending.add(clientSeq);
      options.onPending?.(pending.size);
      sendAction(clientSeq, { type, payload });
      return clientSeq;
    },
    subscribeChannel(name, onPayload, onError) {
      channels.set(name, { onPayload, ...(onError ? { onError } : {}) });
      if (status === 'connected') send({ type: 'channel_subscribe', payload: name });
      return () => {
        channels.delete(name);
        send({ type: 'channel_unsubscribe', payload: name });
      };
    },
    setHostContext(context) {
      hostContext = context;
      if (status === 'connected') send({ type: 'host_context_observed', payload: context });
    },
    get status() {
      return status;
    },
    get lastSeq() {
      return Math.max(0, lastSeq);
    },
    get pending() {
      return pending.size;
    },
    close: () => stop('closed'),
  };
}
