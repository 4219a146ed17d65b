import { Type, type Static } from '@sinclair/typebox';

/**
 * The live channel's frames (seed 004, the ggui WebSocket protocol), as suip speaks it: one JSON
 * object `{type, payload}` per WebSocket text message. The client frames are schemas (the server
 * checks every one before use); the server frames are the types the client reads.
 */

/** The protocol version suip's live channel speaks (the seed's `supportedVersions` / `serverVersion`). */
export const LIVE_PROTOCOL_VERSION = 'suip-ggui/1';

const SessionId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\w.:-]+$' });

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
      { sessionId: SessionId, type: Type.String({ minLength: 1, maxLength: 128 }), payload: Type.Unknown(), clientSeq: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
/** An action frame. */
export type ActionFrame = Static<typeof ActionFrame>;

/** Heartbeat and host context. */
export const PingFrame = Type.Object({ type: Type.Literal('ping'), payload: Type.Optional(Type.Unknown()) }, { additionalProperties: false });
export const HostContextFrame = Type.Object({ type: Type.Literal('host_context_observed'), payload: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false });

/** Every frame a client may send. */
export const ClientFrame = Type.Union([SubscribeFrame, ActionFrame, PingFrame, HostContextFrame]);
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
  | 'RATE_LIMITED';

/** What the server sends. `seq` is the session's ledger position (one counter over every channel). */
export type ServerFrame =
  | { type: 'ack'; payload: { sequence: number; timestamp: number; streamSeq: number; session: unknown; replayTruncated?: boolean; sessionToken?: string; serverVersion: string; clientSeqAcked: number } }
  | { type: 'pong' }
  | { type: 'error'; payload: { code: LiveErrorCode; message: string; numericCode?: number } }
  | { type: 'render'; payload: { session: unknown }; seq: number }
  | { type: 'props_update'; payload: { sessionId: string; props: unknown }; seq: number }
  | { type: 'data'; payload: { sessionId: string; channel: string; mode: 'append' | 'replace'; payload: unknown; seq: number }; seq: number }
  | { type: 'action_recorded'; payload: { clientSeq: number; duplicate: boolean } };
