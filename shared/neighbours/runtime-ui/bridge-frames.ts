import { Type, type Static } from '@sinclair/typebox';

/**
 * The runtime bridge's WebSocket frames (one JSON object per text frame). The runtime's NDJSON
 * lines travel unchanged inside `line` frames. Every frame of the runtime's stream (lines, starts,
 * exits, violations) has the `seq` the server's ledger gave it, so a reconnecting page resumes
 * from the last one it applied. The bridge adds only what a relay must say itself: which runtime
 * process (`generation`) a line belongs to, that it exited, that a stdout line was not protocol,
 * which window a runtime → UI request belongs to.
 */

const Seq = Type.Integer({ minimum: 1 });
const Generation = Type.Integer({ minimum: 0 });

/** Why the bridge refused a frame of this client (stable codes; the message says what to do). */
export const BridgeErrorCode = Type.Union([
  // The server's socket endpoint (server/http/json-socket.ts), for every protocol on it.
  Type.Literal('BAD_FRAME'),
  Type.Literal('RATE_LIMITED'),
  Type.Literal('BUSY'),
  Type.Literal('SLOW_CONSUMER'),
  Type.Literal('HANDSHAKE_TIMEOUT'),
  Type.Literal('TOO_MANY_CONNECTIONS'),
  // The bridge's own.
  /** The line is not a JSON-RPC message (not relayed). */
  Type.Literal('BAD_LINE'),
  /** The line was addressed to a runtime process that has exited; the current one never saw its runs. */
  Type.Literal('STALE_GENERATION'),
  /** The runtime's request belongs to another window: only that window's answer is relayed. */
  Type.Literal('ANSWERED_ELSEWHERE'),
  /** An answer to no request the runtime is waiting for (answered already, or the runtime restarted). */
  Type.Literal('NO_PENDING_REQUEST'),
  Type.Literal('NOT_RUNNING'),
  /** The token does not carry the capability (restart). */
  Type.Literal('NOT_ALLOWED'),
  /** The server could not store something the runtime said (the ledger failed): it is lost, and said so. */
  Type.Literal('LOST'),
  /** The agent ended the bridge's session (`DELETE /api/sessions/runtime-bridge`): its tokens and streams end. */
  Type.Literal('SESSION_ENDED'),
]);
/** A bridge error code. */
export type BridgeErrorCode = Static<typeof BridgeErrorCode>;

/** Bridge → browser. */
export const BridgeServerFrame = Type.Union([
  /**
   * On connect: the runtime process generation, whether it runs, the newest seq, this window's
   * client id (pass it back as `client` when reconnecting to keep the runtime requests it holds),
   * and whether its token may restart the runtime.
   */
  Type.Object({
    type: Type.Literal('hello'),
    generation: Generation,
    running: Type.Boolean(),
    lastSeq: Type.Integer({ minimum: 0 }),
    clientId: Type.String({ maxLength: 64 }),
    canRestart: Type.Boolean(),
  }),
  /**
   * One protocol line from the runtime's stdout. `elsewhere`: a runtime → UI request that another
   * window holds; this window shows it as answered elsewhere and never answers it.
   */
  Type.Object({
    type: Type.Literal('line'),
    seq: Seq,
    generation: Generation,
    line: Type.String(),
    elsewhere: Type.Optional(Type.Literal(true)),
  }),
  /** A runtime → UI request handed to this window after the window holding it went away (its seq was seen already). */
  Type.Object({ type: Type.Literal('claim'), generation: Generation, line: Type.String() }),
  /** The runtime process started. */
  Type.Object({ type: Type.Literal('started'), seq: Seq, generation: Generation }),
  /** The runtime process exited (crash or end): its runs are over and nothing addressed to it is relayed. */
  Type.Object({
    type: Type.Literal('exit'),
    seq: Seq,
    generation: Generation,
    code: Type.Union([Type.Integer(), Type.Null()]),
    signal: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  }),
  /** A stdout line that is not a JSON-RPC message (reported and answered with -32700/-32600, not relayed). */
  Type.Object({
    type: Type.Literal('violation'),
    seq: Seq,
    message: Type.String({ maxLength: 1000 }),
    preview: Type.String({ maxLength: 200 }),
  }),
  /** The ledger no longer holds the frames after the requested `fromSeq`: the stream goes on from `firstSeq`. */
  Type.Object({ type: Type.Literal('truncated'), firstSeq: Type.Integer({ minimum: 0 }) }),
  /** A frame of this client was refused. */
  Type.Object({ type: Type.Literal('error'), code: BridgeErrorCode, message: Type.String({ maxLength: 1000 }) }),
]);
/** A bridge → browser frame. */
export type BridgeServerFrame = Static<typeof BridgeServerFrame>;

/** Browser → bridge. */
export const BridgeClientFrame = Type.Union([
  /**
   * One protocol line for the runtime's stdin (a JSON-RPC message, no newline), addressed to one runtime generation.
   */
  Type.Object(
    { type: Type.Literal('line'), generation: Generation, line: Type.String({ maxLength: 4 * 1024 * 1024 }) },
    { additionalProperties: false },
  ),
  /** Start the runtime again (the same fixed command); needs a token minted with `restart: true`. */
  Type.Object({ type: Type.Literal('restart') }, { additionalProperties: false }),
]);
/** A browser → bridge frame. */
export type BridgeClientFrame = Static<typeof BridgeClientFrame>;

/** The path the bridge's WebSocket is upgraded on. */
export const BRIDGE_PATH = '/runtime';
