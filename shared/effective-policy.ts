import { Type, type Static } from '@sinclair/typebox';

/**
 * The host's effective policy as announced to a program in the `suip/initialize` result: what the
 * renderer will accept from it, resolved (every field present, defaults applied). The renderer's
 * checks read the same values, and the system prompt is generated from this object, so the prompt
 * offers exactly what the host accepts. New fields may appear (additionalProperties): a generator
 * ignores the ones it does not know.
 */
export const EffectivePolicy = Type.Object(
  {
    credentialInputs: Type.Boolean({ description: 'A text-field of kind "password" is accepted.' }),
    pageModals: Type.Boolean({ description: 'A modal opens over the whole page (right after a user action in the program); otherwise inside the program\'s own area.' }),
    modalReopen: Type.Boolean({ description: 'After the user dismissed a modal of this program, a new one is accepted (false in this implementation: refused).' }),
    linkSchemes: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 16, description: 'URL schemes a link may use, e.g. "https:".' }),
    mediaOrigins: Type.Union([Type.Literal('https'), Type.Array(Type.String({ maxLength: 256 }), { maxItems: 64 })], {
      description: 'Where remote media may load from: "https" (any https origin) or a list of origins; [] means data: URIs only.',
    }),
  },
  { additionalProperties: true, $id: 'EffectivePolicy' },
);
/** An effective policy. */
export type EffectivePolicy = Static<typeof EffectivePolicy>;

/** The policy of a host that grants nothing optional: what a program may assume when the result carries none. */
export const DEFAULT_EFFECTIVE_POLICY: EffectivePolicy = Object.freeze({
  credentialInputs: false,
  pageModals: false,
  modalReopen: false,
  linkSchemes: Object.freeze(['http:', 'https:', 'mailto:']),
  mediaOrigins: Object.freeze([]),
}) as unknown as EffectivePolicy;
