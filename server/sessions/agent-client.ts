import { WebSocket } from 'ws';
import type { LiveSession, SessionEvent } from '../../shared/neighbours/live/frames.ts';
import { createLiveClient, type LiveClient, type LiveStatus } from '../../adapters/live/live-client.ts';

/** Options of `createAgentClient`. */
export interface AgentClientOptions {
  /** The server, `http://127.0.0.1:6781`. */
  url: string;
  agentToken: string;
}

/** One data envelope an agent publishes. */
export interface DataEnvelope {
  channel: string;
  mode: 'append' | 'replace';
  payload: unknown;
}

/** The agent API of a suip server, from Node. */
export interface AgentClient {
  readonly url: string;
  createSession(options?: { appId?: string }): Promise<{ sessionId: string; appId: string; wsToken: string }>;
  /** A fresh wsToken for another page of the session. */
  token(sessionId: string, appId?: string): Promise<string>;
  render(sessionId: string, session: LiveSession): Promise<number>;
  props(sessionId: string, props: unknown): Promise<number>;
  /** Publish one envelope, or several in order (one request). */
  data(sessionId: string, envelopes: DataEnvelope | readonly DataEnvelope[]): Promise<number[]>;
  /** The event ledger after `since` (at most 1,000), and its newest sequence. */
  events(
    sessionId: string,
    since?: number,
  ): Promise<{ events: SessionEvent[]; next: number; last: number; truncated: boolean }>;
  /** Mark the actions up to event `through` consumed: pages get `drain_ack`. */
  drain(sessionId: string, through: number): Promise<{ drained: number; sequence: number }>;
  /**
   * Follow the event ledger live over the live channel (`role: "agent"`, `sinceSequence`), resuming across reconnects.
   */
  follow(
    sessionId: string,
    since: number,
    onEvent: (event: SessionEvent) => void,
    onStatus?: (status: LiveStatus) => void,
  ): LiveClient;
}

/**
 * The agent side in Node: the HTTP session API with the agent token, and the live channel as an
 * agent subscriber for the session's events (actions as they arrive). What an agent process — an
 * LLM loop, a server-side generator (`serveRemoteGenerator`) — talks to a suip server through.
 */
export function createAgentClient(options: AgentClientOptions): AgentClient {
  const base = options.url.replace(/\/$/, '');
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.agentToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const value = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${value.error ?? ''}`);
    return value;
  };
  const id = (sessionId: string) => encodeURIComponent(sessionId);
  return {
    url: base,
    createSession: (session = {}) => call('POST', '/api/sessions', session),
    token: async (sessionId, appId) =>
      (
        await call<{ wsToken: string }>(
          'POST',
          `/api/sessions/${id(sessionId)}/token`,
          appId === undefined ? {} : { appId },
        )
      ).wsToken,
    render: async (sessionId, session) =>
      (await call<{ seq: number }>('POST', `/api/sessions/${id(sessionId)}/render`, { session })).seq,
    props: async (sessionId, props) =>
      (await call<{ seq: number }>('POST', `/api/sessions/${id(sessionId)}/props`, { props })).seq,
    data: async (sessionId, envelopes) => {
      const result = await call<{ seq?: number; seqs?: number[] }>(
        'POST',
        `/api/sessions/${id(sessionId)}/data`,
        envelopes,
      );
      return result.seqs ?? [result.seq!];
    },
    events: (sessionId, since = 0) => call('GET', `/api/sessions/${id(sessionId)}/events?since=${since}`),
    drain: (sessionId, through) => call('POST', `/api/sessions/${id(sessionId)}/drain`, { through }),
    follow: (sessionId, since, onEvent, onStatus) =>
      createLiveClient({
        url: `${base.replace(/^http/, 'ws')}/ws`,
        sessionId,
        agentToken: options.agentToken,
        stream: 'none',
        sinceSequence: since,
        onEvent,
        ...(onStatus ? { onStatus } : {}),
        backoff: { baseMs: 200, maxMs: 5000, attempts: 1000 },
        WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      }),
  };
}
