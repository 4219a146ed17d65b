import { Type, type Static } from '@sinclair/typebox';

/**
 * The runtime bridge's WebSocket frames (one JSON object per text frame). The runtime's NDJSON
 * lines travel unchanged inside `line` frames, numbered by the bridge (`seq`) so a reconnecting
 * page resumes where it stopped. The bridge adds only what a relay must say itself: which runtime
 * process this is, that it exited, that a stdout line was not protocol.
 */

/** Bridge → browser. */
export const BridgeServerFrame = Type.Union([
  /** On connect: the runtime process generation, whether it is running, the newest seq. */
  Type.Object({ type: Type.Literal('hello'), generation: Type.Integer(), running: Type.Boolean(), lastSeq: Type.Integer() }),
  /** One protocol line from the runtime's stdout. */
  Type.Object({ type: Type.Literal('line'), seq: Type.Integer({ minimum: 1 }), generation: Type.Integer(), line: Type.String() }),
  /** The runtime process started (after a restart). */
  Type.Object({ type: Type.Literal('started'), generation: Type.Integer() }),
  /** The runtime process exited (crash or end). */
  Type.Object({ type: Type.Literal('exit'), generation: Type.Integer(), code: Type.Union([Type.Integer(), Type.Null()]), signal: Type.Union([Type.String(), Type.Null()]) }),
  /** A stdout line that is not a JSON-RPC message (reported, not relayed). */
  Type.Object({ type: Type.Literal('violation'), message: Type.String(), preview: Type.String() }),
  /** The replay window no longer holds the lines after `fromSeq`. */
  Type.Object({ type: Type.Literal('truncated'), firstSeq: Type.Integer() }),
  /** A frame of this client was refused. */
  Type.Object({ type: Type.Literal('error'), message: Type.String() }),
]);
/** A bridge → browser frame. */
export type BridgeServerFrame = Static<typeof BridgeServerFrame>;

/** Browser → bridge. */
export const BridgeClientFrame = Type.Union([
  /** One protocol line for the runtime's stdin (a JSON-RPC message, no newline). */
  Type.Object({ type: Type.Literal('line'), line: Type.String({ maxLength: 4 * 1024 * 1024 }) }, { additionalProperties: false }),
  /** Start the runtime again (the same fixed command). */
  Type.Object({ type: Type.Literal('restart') }, { additionalProperties: false }),
]);
/** A browser → bridge frame. */
export type BridgeClientFrame = Static<typeof BridgeClientFrame>;

/** The path the bridge's WebSocket is upgraded on. */
export const BRIDGE_PATH = '/runtime';
