import { Type, type Static } from '@sinclair/typebox';
import { SESSION_ID_MAX_CHARS, SESSION_ID_PATTERN } from '../../session-id.ts';

/**
 * The live channel's frames (seed 004, the ggui WebSocket protocol), as suip speaks it: one JSON
 * object `{type, payload}` per WebSocket text message. The client frames are schemas (the server
 * checks every one before use); the server frames are the types the client reads.
 */

/** The protocol version suip's live channel speaks (the seed's `supportedVersions` / `serverVersion`). */
export const LIVE_PROTOCOL_VERSION = 'suip-ggui/1';

const SessionId = Type.String({ minLength: 1, maxLength: SESSION_ID_MAX_CHARS, pattern: SESSION_ID_PATTERN });

/** `subscribe`: MUST be the first frame of a connection. */
export const SubscribeFrame = Type.Object(
  {
    type: Type.Literal('subscribe'),
    payload: Type.Object(
      {
        sessionId: SessionId,
        appId: Type.Optional(Type.String({ maxLength: 128 })),
        wsToken: Type.Optional(Type.String({ maxLength: 1024 })),
        fromSeq: Type.Optional(Type.Integer({ minimum: 0 })),
        sinceSequence: Type.Optional(Type.Integer({ minimum: 0 })),
        role: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('agent')])),
        supportedVersions: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 16 })),
        /** Additive: this page's id; actions are deduplicated per (clientId, clientSeq), so two tabs never collide. */
        clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w-]+$' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
/** A subscribe frame. */
export type SubscribeFrame = Static<typeof SubscribeFrame>;

/** `action`: a user action (ActionEnvelope); `clientSeq` makes a resend count once. */
export const ActionFrame = Type.Object(
  {
    type: Type.Literal('action'),
    payload: Type.Object(
      {
        sessionId: SessionId,
        type: Type.String({ minLength: 1, maxLength: 128 }),
        payload: Type.Unknown(),
        clientSeq: Type.Integer({ minimum: 1 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
/** An action frame. */
export type ActionFrame = Static<typeof ActionFrame>;

/** Heartbeat (the server answers `pong`). */
export const PingFrame = Type.Object(
  { type: Type.Literal('ping'), payload: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
);
/** The host context the page shows under (theme, locale, time zone …): recorded as a session event. */
export const HostContextFrame = Type.Object(
  {
    type: Type.Literal('host_context_observed'),
    payload: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 32 }),
  },
  { additionalProperties: false },
);

/** A server channel's name: the seed sends it bare; `{channel}` is accepted too. */
const ChannelRef = Type.Union([
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.:-]+$' }),
  Type.Object(
    { channel: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\w.:-]+$' }) },
    { additionalProperties: false },
  ),
]);
/** `channel_subscribe` / `channel_unsubscribe`: server-registered channels only (no MCP tool polling). */
export const ChannelSubscribeFrame = Type.Object(
  { type: Type.Literal('channel_subscribe'), payload: ChannelRef },
  { additionalProperties: false },
);
export const ChannelUnsubscribeFrame = Type.Object(
  { type: Type.Literal('channel_unsubscribe'), payload: ChannelRef },
  { additionalProperties: false },
);
/** A channel frame. */
export type ChannelFrame = Static<typeof ChannelSubscribeFrame> | Static<typeof ChannelUnsubscribeFrame>;

/** Every frame a client may send. */
export const ClientFrame = Type.Union([
  SubscribeFrame,
  ActionFrame,
  PingFrame,
  HostContextFrame,
  ChannelSubscribeFrame,
  ChannelUnsubscribeFrame,
]);
/** A client frame. */
export type ClientFrame = Static<typeof ClientFrame>;

/** Error codes of `error` frames (the seed's, plus suip's for malformed and oversized frames). */
export type LiveErrorCode =
  | 'UPGRADE_REQUIRED'
  | 'CONTRACT_VIOLATION'
  | 'SESSION_MISMATCH'
  | 'SESSION_NOT_FOUND'
  | 'SUBSCRIBE_UNAUTHORIZED'
  | 'SUBSCRIBE_FIRST'
  | 'REPLAY_HORIZON_PASSED'
  | 'BAD_FRAME'
  | 'RATE_LIMITED'
  | 'SLOW_CONSUMER'
  // suip's server budgets and lifecycle (additive): a socket that never subscribed, a full frame
  // queue, a session over its socket or ledger budget, a session its agent ended.
  | 'HANDSHAKE_TIMEOUT'
  | 'BUSY'
  | 'TOO_MANY_CONNECTIONS'
  | 'QUOTA_EXCEEDED'
  | 'SESSION_ENDED'
  // The page's Origin is not in the server's allowlist: sent once, then the socket closes (1008).
  | 'ORIGIN_NOT_ALLOWED';

/** Error codes of `channel_error` frames (the seed's). */
export type ChannelErrorCode =
  'CHANNEL_UNKNOWN' | 'CHANNEL_NOT_LOCAL' | 'SESSION_NOT_FOUND' | 'SUBSCRIBE_UNAUTHORIZED' | 'POLL_FAILED';

/** The session (GguiSession) a render commits, as suip reads it; other fields pass through. */
export interface LiveSession {
  id?: string;
  /**
   * `suip/1.0`: componentCode is a suip program (mode P); `suip-remote/1.0`: a server-side generator drives it (mode
   * R).
   */
  runtime?: string;
  componentCode?: string;
  propsSpec?: unknown;
  actionSpec?: Record<string, unknown>;
  streamSpec?: unknown;
  contextSpec?: unknown;
  /** The newest props (in `ack.session` snapshots). */
  props?: unknown;
  [field: string]: unknown;
}

/** One event of the session's event ledger (`render_event`, `GET /api/sessions/:id/events`). */
export interface SessionEvent {
  sequence: number;
  at: number;
  kind: 'render' | 'props' | 'action' | 'drain' | 'host_context' | string;
  payload: unknown;
}

/** The reserved data channel of mode R: one suip JSON-RPC text per envelope. */
export const SUIP_CHANNEL = '_suip';

/** What the server sends. `seq` is the session's ledger position (one counter over every channel). */
export type ServerFrame =
  | {
      type: 'ack';
      payload: {
        sequence: number;
        timestamp: number;
        streamSeq: number;
        /** The committed session (the newest render with the newest props), or null. */
        session: LiveSession | null;
        /**
         * Additive: the newest value of each `replace` data channel, when the ack replays nothing (no fromSeq, or
         * truncated).
         */
        channels?: Record<string, { payload: unknown; seq: number }>;
        replayTruncated?: boolean;
        sessionToken?: string;
        serverVersion: string;
      };
    }
  | { type: 'pong' }
  | { type: 'error'; payload: { code: LiveErrorCode; message: string; numericCode?: number } }
  | { type: 'render'; payload: { session: LiveSession; matchType?: string }; seq: number }
  | { type: 'props_update'; payload: { sessionId: string; props: unknown }; seq: number }
  | {
      type: 'data';
      payload: { sessionId: string; channel: string; mode: 'append' | 'replace'; payload: unknown; seq: number };
      seq: number;
    }
  | {
      type: 'drain_ack';
      payload: { sessionId: string; sequence: number; actions: Array<{ clientId: string; clientSeq: number }> };
      seq: number;
    }
  | { type: 'render_event'; payload: SessionEvent }
  | { type: 'channel_payload'; payload: { channel: string; payload: unknown } }
  | { type: 'channel_error'; payload: { channel: string; code: ChannelErrorCode; message: string } }
  | { type: 'system'; payload: { kind: 'shutdown' | 'credentials'; message: string; sessionToken?: string } }
  | { type: 'action_recorded'; payload: { clientSeq: number; duplicate: boolean } };

/** Session frames: the ones with a `seq`, applied once each, in order. */
export type SessionFrame = Extract<ServerFrame, { seq: number }>;
