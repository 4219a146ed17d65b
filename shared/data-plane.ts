import { Type, type Static } from '@sinclair/typebox';

/**
 * The data plane of protocol 1.1: values between the host and a generator, apart from the tree.
 * `suip/input` (renderer → generator) carries host data in (props, a data feed, a widget's
 * state); `suip/output` (generator → renderer) carries results out (actions, a form's value).
 * Both are notifications, used only when both peers announced the capability in the handshake,
 * and only on channels the host allowed at attach (outputs) — so a 1.0 peer never sees them.
 */

/** Characters of a channel name. */
export const MAX_CHANNEL_LENGTH = 64;

/** A channel name: lower-case letters, digits and `_ : . -`, 1–64 characters. */
export const ChannelName = Type.String({
  minLength: 1,
  maxLength: MAX_CHANNEL_LENGTH,
  pattern: '^[a-z0-9_:.-]+$',
  description: 'A data-plane channel: lower-case letters, digits and _ : . - (1–64 characters).',
});

/** Params of `suip/input` and `suip/output`: a channel and any JSON value (bounded by maxMessageBytes). */
export const DataParams = Type.Object(
  {
    channel: ChannelName,
    value: Type.Unknown({ description: 'Any JSON value; the whole message stays under maxMessageBytes.' }),
  },
  { additionalProperties: false, $id: 'DataParams' },
);
/** Params of a data-plane message. */
export type DataParams = Static<typeof DataParams>;

const CHANNEL_PATTERN = /^[a-z0-9_:.-]+$/;

/** True when `name` is a valid channel name (for host-side option checks and program-side calls). */
export function isChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_LENGTH && CHANNEL_PATTERN.test(name);
}
