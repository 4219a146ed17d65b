import { Type, type Static } from '@sinclair/typebox';

/**
 * Pipelining (docs/protocol.md §6.1): a generator that negotiated a window keeps several op
 * transactions unacknowledged. Successful ones are answered together by one `suip/ack`; a
 * refusal is answered at once, and the generator acknowledges having read it with `suip/resync`.
 */

/** A transaction's name on the wire: the JSON-RPC id of its last op (a request). */
const TransactionId = Type.Union([Type.String({ maxLength: 256 }), Type.Number()]);

/** Params of `suip/ack` (renderer → generator): every transaction up to `through` was applied. */
export const AckParams = Type.Object(
  { through: TransactionId },
  { additionalProperties: false, $id: 'AckParams' },
);
/** Params of `suip/ack`. */
export type AckParams = Static<typeof AckParams>;

/**
 * Params of `suip/resync` (generator → renderer): the refused transaction's id, or null when
 * the renderer could not read a message (its answer had `id: null`).
 */
export const ResyncParams = Type.Object(
  { id: Type.Union([TransactionId, Type.Null()]) },
  { additionalProperties: false, $id: 'ResyncParams' },
);
/** Params of `suip/resync`. */
export type ResyncParams = Static<typeof ResyncParams>;
