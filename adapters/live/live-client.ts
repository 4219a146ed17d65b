import { LIVE_PROTOCOL_VERSION, type ServerFrame } from './frames.ts';

/** The connection's state, as a host shows it. */
export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** Options of `createLiveClient`. */
export interface LiveClientOptions {
  /** `ws://host:port/ws` */
  url: string;
  sessionId: string;
  /** The short-lived token the session was created with (the first subscribe). */
  wsToken: string;
  /** Session frames (render, props_update, data), each exactly once and in order across reconnects. */
  onFrame(frame: Extract<ServerFrame, { seq: number }>): void;
  onStatus?(status: LiveStatus, detail?: string): void;
  /** Errors the server sent (`error` frames), and the client's own (UPGRADE_REQUIRED). */
  onError?(code: string, message: string): void;
  /** Reconnect backoff: first delay, cap, attempts (default 1 s, 30 s, 10). */
  backoff?: { baseMs?: number; maxMs?: number; attempts?: number };
  /** Heartbeat: ping every `intervalMs`; no pong within `timeoutMs` → reconnect (default 15 s / 10 s). */
  heartbeat?: { intervalMs?: number; timeoutMs?: number };
  /** Where `clientSeq` survives a reload (default sessionStorage when there is one). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** The WebSocket class (the browser's by default; `ws` in Node). */
  WebSocketImpl?: typeof WebSocket;
}

/** A live-channel connection that outlives its sockets. */
export interface LiveClient {
  /** Send a user action; it is resent after a reconnect until the server recorded it, and counted once. */
  sendAction(type: string, payload: unknown): number;
  readonly status: LiveStatus;
  /** The newest session frame applied. */
  readonly lastSeq: number;
  close(): void;
}

/**
 * The browser's end of the live channel (seed 004): a resumable connection. It subscribes with
 * the wsToken first and the session token after; on a lost socket it reconnects with exponential
 * backoff and jitter, resuming from the last applied `seq` (frames it already applied are skipped,
 * so each is applied exactly once, in order); unacknowledged actions are resent and deduplicated
 * by their `clientSeq` on the server; a silent server (no pong) counts as lost.
 */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const Impl = options.WebSocketImpl ?? WebSocket;
  const base = options.backoff?.baseMs ?? 1000;
  const cap = options.backoff?.maxMs ?? 30_000;
  const attempts = options.backoff?.attempts ?? 10;
  const pingEvery = options.heartbeat?.intervalMs ?? 15_000;
  const pongWithin = options.heartbeat?.timeoutMs ?? 10_000;
  const storage = options.storage ?? (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  const seqKey = `suip.live.clientSeq.${options.sessionId}`;
  let clientSeq = Number(storage?.getItem(seqKey) ?? 0) || 0;
  const outbox = new Map<number, { type: string; payload: unknown }>();
  let lastSeq = 0;
  let sessionToken: string | undefined;
  let status: LiveStatus = 'connecting';
  let socket: WebSocket | undefined;
  let failures = 0;
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
  const sendQueued = () => {
    for (const [seq, action] of outbox) send({ type: 'action', payload: { sessionId: options.sessionId, type: action.type, payload: action.payload, clientSeq: seq } });
  };

  function connect(): void {
    const query = sessionToken !== undefined ? `?token=${encodeURIComponent(sessionToken)}` : `?wsToken=${encodeURIComponent(options.wsToken)}`;
    const ws = new Impl(`${options.url}${query}`);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'subscribe', payload: { sessionId: options.sessionId, ...(sessionToken === undefined ? { wsToken: options.wsToken } : {}), fromSeq: lastSeq, supportedVersions: [LIVE_PROTOCOL_VERSION] } }));
    };
    ws.onmessage = (event: MessageEvent) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      receive(frame);
    };
    ws.onclose = () => {
      stopHeartbeat();
      if (socket !== ws || closed) return;
      failures += 1;
      if (failures > attempts) return setStatus('disconnected', `gave up after ${attempts} attempts`);
      setStatus('reconnecting');
      const delay = Math.min(cap, base * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
      setTimeout(() => {
        if (!closed) connect();
      }, delay);
    };
    ws.onerror = () => undefined;
  }

  function receive(frame: ServerFrame): void {
    switch (frame.type) {
      case 'ack': {
        if (frame.payload.serverVersion !== LIVE_PROTOCOL_VERSION) {
          options.onError?.('UPGRADE_REQUIRED', `the server speaks ${frame.payload.serverVersion}; this client speaks ${LIVE_PROTOCOL_VERSION}`);
          closed = true;
          socket?.close();
          return setStatus('disconnected', 'version mismatch');
        }
        sessionToken = frame.payload.sessionToken ?? sessionToken;
        failures = 0;
        setStatus('connected');
        startHeartbeat();
        sendQueued();
        return;
      }
      case 'pong':
        if (pongDue !== undefined) clearTimeout(pongDue);
        pongDue = undefined;
        return;
      case 'action_recorded':
        outbox.delete(frame.payload.clientSeq);
        return;
      case 'error':
        options.onError?.(frame.payload.code, frame.payload.message);
        return;
      default:
        // Exactly once, in order: a replay after a reconnect may repeat what was applied.
        if (frame.seq <= lastSeq) return;
        lastSeq = frame.seq;
        options.onFrame(frame);
    }
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
      storage?.setItem(seqKey, String(clientSeq));
      outbox.set(clientSeq, { type, payload });
      send({ type: 'action', payload: { sessionId: options.sessionId, type, payload, clientSeq } });
      return clientSeq;
    },
    get status() {
      return status;
    },
    get lastSeq() {
      return lastSeq;
    },
    close() {
      closed = true;
      stopHeartbeat();
      socket?.close();
      setStatus('disconnected', 'closed');
    },
  };
}
