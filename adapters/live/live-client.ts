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
  /**
   * Errors the server sent (`error` frames), and the client's own (UPGRADE_REQUIRED; CONNECT_FAILED
   * after the first 3 sockets never opened, retrying goes on; a client that was connected before
   * reports a restart as `reconnecting` only).
   */
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
  /**
   * Send a user action; it is resent after a reconnect until the server recorded it, and counted
   * once. Returns its clientSeq.
   */
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
  const client = new ResumableClient(options);
  client.start();
  return client;
}

/** A host's channel subscription. */
interface ChannelListener {
  onPayload(payload: unknown): void;
  onError?(code: string, message: string): void;
}

/** The message of CONNECT_FAILED: where it tried, and the two usual causes. */
function connectFailed(url: string): string {
  const origin = typeof location === 'undefined' ? 'this page' : location.origin;
  return (
    `could not open ${url} (${UNOPENED_BEFORE_REPORT} attempts in a row); still retrying. Is the suip server ` +
    'running there? A server older than this client refuses a page whose origin is not in its --origins ' +
    `without saying so: add this page's origin (${origin}) to --origins`
  );
}

/** `createLiveClient`'s connection: its state and the sockets it goes through. */
class ResumableClient implements LiveClient {
  private readonly Impl: typeof WebSocket;
  private readonly urls: string[];
  private readonly policy: ReconnectPolicy;
  private readonly pingEvery: number;
  private readonly pongWithin: number;
  // Per page: actions are deduplicated per (clientId, clientSeq), so tabs and reloads never collide.
  private readonly clientId = randomId();
  private clientSeq = 0;
  private readonly outbox = new Map<number, { type: string; payload: unknown }>();
  private readonly waiting = new Set<number>();
  private readonly channels = new Map<string, ChannelListener>();
  private hostContext: Record<string, unknown> | undefined;
  private applied = -1; // -1: nothing yet (the first subscribe decides by `stream`)
  private lastSequence: number | undefined;
  private sessionToken: string | undefined;
  private state: LiveStatus = 'connecting';
  private socket: WebSocket | undefined;
  private urlIndex = 0;
  private failures = 0;
  // Sockets in a row that closed before opening: a server that is down, or one that refuses the
  // upgrade with a status the browser hides from the page.
  private unopened = 0;
  // Once any socket opened, the server and the origin are known good: a restart is 'reconnecting',
  // not a failure to connect.
  private everOpened = false;
  private closed = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private pongDue: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveClientOptions) {
    this.Impl = options.WebSocketImpl ?? WebSocket;
    this.urls = typeof options.url === 'string' ? [options.url] : [...options.url];
    this.policy = reconnectPolicy(options.backoff);
    this.pingEvery = options.heartbeat?.intervalMs ?? 15_000;
    this.pongWithin = options.heartbeat?.timeoutMs ?? 10_000;
    this.hostContext = options.hostContext;
    this.lastSequence = options.sinceSequence;
  }

  start(): void {
    this.setStatus('connecting');
    this.connect();
  }

  sendAction(type: string, payload: unknown): number {
    this.clientSeq += 1;
    this.outbox.set(this.clientSeq, { type, payload });
    this.waiting.add(this.clientSeq);
    this.options.onPending?.(this.waiting.size);
    this.sendActionFrame(this.clientSeq, { type, payload });
    return this.clientSeq;
  }

  subscribeChannel(
    name: string,
    onPayload: (payload: unknown) => void,
    onError?: (code: string, message: string) => void,
  ): () => void {
    this.channels.set(name, { onPayload, ...(onError ? { onError } : {}) });
    if (this.state === 'connected') this.send({ type: 'channel_subscribe', payload: name });
    return () => {
      this.channels.delete(name);
      this.send({ type: 'channel_unsubscribe', payload: name });
    };
  }

  setHostContext(context: Record<string, unknown>): void {
    this.hostContext = context;
    if (this.state === 'connected') this.send({ type: 'host_context_observed', payload: context });
  }

  get status(): LiveStatus {
    return this.state;
  }

  get lastSeq(): number {
    return Math.max(0, this.applied);
  }

  get pending(): number {
    return this.waiting.size;
  }

  /** Bound: hosts hand it on as a cleanup. */
  readonly close = (): void => this.stop('closed');

  private setStatus(next: LiveStatus, detail?: string): void {
    this.state = next;
    this.options.onStatus?.(next, detail);
  }

  private send(frame: unknown): void {
    if (this.socket?.readyState === this.Impl.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private sendActionFrame(seq: number, action: { type: string; payload: unknown }): void {
    const { sessionId } = this.options;
    this.send({ type: 'action', payload: { sessionId, type: action.type, payload: action.payload, clientSeq: seq } });
  }

  private stop(detail: string): void {
    this.closed = true;
    this.stopHeartbeat();
    this.socket?.close();
    this.setStatus('disconnected', detail);
  }

  private connect(): void {
    const { options } = this;
    const url = this.urls[this.urlIndex % this.urls.length]!;
    const token = options.agentToken ?? this.sessionToken;
    const query =
      token !== undefined
        ? `?token=${encodeURIComponent(token)}`
        : `?wsToken=${encodeURIComponent(options.wsToken ?? '')}`;
    const ws = new this.Impl(`${url}${query}`);
    this.socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.everOpened = true;
      this.unopened = 0;
      ws.send(JSON.stringify({ type: 'subscribe', payload: this.subscription() }));
    };
    ws.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (this.socket === ws) this.receive(frame);
    };
    ws.onclose = () => this.lost(ws, url, opened);
    ws.onerror = () => undefined;
  }

  /** The subscribe frame's payload: which token, and where to resume. */
  private subscription(): Record<string, unknown> {
    const { options } = this;
    const stream = options.stream ?? 'all';
    const fromSeq = this.applied >= 0 ? this.applied : stream === 'all' ? 0 : undefined;
    return {
      sessionId: options.sessionId,
      clientId: this.clientId,
      supportedVersions: [LIVE_PROTOCOL_VERSION],
      ...(options.agentToken !== undefined
        ? { role: 'agent' }
        : this.sessionToken === undefined
          ? { wsToken: options.wsToken }
          : {}),
      ...(fromSeq !== undefined && stream !== 'none' ? { fromSeq } : {}),
      ...(this.lastSequence !== undefined ? { sinceSequence: this.lastSequence } : {}),
    };
  }

  /** A socket closed: retry (the next URL at once, then backoff with jitter) or give up. */
  private lost(ws: WebSocket, url: string, opened: boolean): void {
    this.stopHeartbeat();
    if (this.socket !== ws || this.closed) return;
    this.failures += 1;
    // Said once per streak, and retrying goes on: a server that is starting comes up by itself.
    if (!opened && !this.everOpened && (this.unopened += 1) === UNOPENED_BEFORE_REPORT)
      this.options.onError?.('CONNECT_FAILED', connectFailed(url));
    const { policy } = this;
    if (this.failures > policy.attempts) return this.stop(`gave up after ${policy.attempts} attempts`);
    this.setStatus('reconnecting');
    // The first retry goes to the next process at once; then exponential backoff with jitter.
    this.urlIndex += 1;
    const delay = this.urls.length > 1 && this.failures === 1 ? 0 : backoffDelay(this.failures, policy);
    setTimeout(() => {
      if (!this.closed) this.connect();
    }, delay);
  }

  private receive(frame: ServerFrame): void {
    const { options } = this;
    switch (frame.type) {
      case 'ack':
        return this.acked(frame.payload);
      case 'pong':
        if (this.pongDue !== undefined) clearTimeout(this.pongDue);
        this.pongDue = undefined;
        return;
      case 'action_recorded':
        this.outbox.delete(frame.payload.clientSeq);
        return;
      case 'render_event':
        this.lastSequence = Math.max(this.lastSequence ?? 0, frame.payload.sequence);
        options.onEvent?.(frame.payload);
        return;
      case 'channel_payload':
        this.channels.get(frame.payload.channel)?.onPayload(frame.payload.payload);
        return;
      case 'channel_error':
        this.channels.get(frame.payload.channel)?.onError?.(frame.payload.code, frame.payload.message);
        this.channels.delete(frame.payload.channel);
        return;
      case 'system':
        if (frame.payload.sessionToken !== undefined) this.sessionToken = frame.payload.sessionToken;
        options.onSystem?.(frame.payload.kind, frame.payload.message);
        // The server is going away: the next process (or the restarted one) is tried at once.
        if (frame.payload.kind === 'shutdown') this.failures = 0;
        return;
      case 'error':
        return this.refused(frame.payload.code, frame.payload.message);
      default:
        return this.sessionFrame(frame);
    }
  }

  private refused(code: string, message: string): void {
    this.options.onError?.(code, message);
    // Errors no retry can fix end the client, said to the host, instead of a reconnect loop.
    if (FINAL_CODES.has(code)) this.stop(code);
    else if (code === 'SUBSCRIBE_UNAUTHORIZED') {
      // An expired session token falls back to the wsToken once; a refused wsToken ends it.
      if (this.sessionToken !== undefined) this.sessionToken = undefined;
      else this.stop(code);
    }
  }

  private sessionFrame(frame: SessionFrame): void {
    // Exactly once, in order: a replay after a reconnect may repeat what was applied.
    if (frame.seq <= this.applied) return;
    this.applied = frame.seq;
    if (frame.type === 'drain_ack') {
      const before = this.waiting.size;
      for (const action of frame.payload.actions)
        if (action.clientId === this.clientId) this.waiting.delete(action.clientSeq);
      if (this.waiting.size !== before) this.options.onPending?.(this.waiting.size);
    }
    this.options.onFrame?.(frame);
  }

  private acked(ack: Extract<ServerFrame, { type: 'ack' }>['payload']): void {
    const { options } = this;
    if (ack.serverVersion !== undefined && ack.serverVersion !== LIVE_PROTOCOL_VERSION) {
      options.onError?.(
        'UPGRADE_REQUIRED',
        `the server speaks ${ack.serverVersion}; this client speaks ${LIVE_PROTOCOL_VERSION}`,
      );
      return this.stop('version mismatch');
    }
    this.sessionToken = ack.sessionToken ?? this.sessionToken;
    this.failures = 0;
    if (ack.channels !== undefined && options.stream !== 'none') {
      // No replay: the snapshot is the state, and frames after it follow.
      this.applied = ack.streamSeq;
      options.onSnapshot?.({
        session: ack.session,
        channels: ack.channels,
        truncated: ack.replayTruncated === true,
        seq: ack.streamSeq,
      });
    } else if (this.applied < 0) this.applied = 0;
    this.setStatus('connected');
    this.startHeartbeat();
    if (this.hostContext !== undefined) this.send({ type: 'host_context_observed', payload: this.hostContext });
    for (const name of this.channels.keys()) this.send({ type: 'channel_subscribe', payload: name });
    for (const [seq, action] of this.outbox) this.sendActionFrame(seq, action);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      this.send({ type: 'ping' });
      this.pongDue ??= setTimeout(() => this.socket?.close(), this.pongWithin);
    }, this.pingEvery);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    if (this.pongDue !== undefined) clearTimeout(this.pongDue);
    this.heartbeat = undefined;
    this.pongDue = undefined;
  }
}
