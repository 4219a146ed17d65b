import { Type, type Static } from '@sinclair/typebox';
import { Limits } from './limits.ts';
import { Particle } from './particle.ts';
import { ChannelName } from './data-plane.ts';
import { EffectivePolicy } from './effective-policy.ts';

/** Name and version of a peer. */
export const PeerInfo = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 128 }), version: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

/** Params of `suip/initialize` (generator → renderer). */
export const InitializeParams = Type.Object(
  {
    protocolVersion: Type.String({ maxLength: 16 }),
    generator: PeerInfo,
    capabilities: Type.Object(
      {
        textAppend: Type.Optional(Type.Boolean()),
        moves: Type.Optional(Type.Boolean()),
        /** 1.1: the generator handles `suip/input`. */
        input: Type.Optional(Type.Boolean()),
        /** 1.1: the generator may send `suip/output` (on the channels the result allows). */
        output: Type.Optional(Type.Boolean()),
        /** 1.1: the generator diffs its first render against `adopted` in the result. */
        adopt: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: false, $id: 'InitializeParams' },
);
/** Initialize params. */
export type InitializeParams = Static<typeof InitializeParams>;

/** The kind a child role takes. */
export const RoleKind = Type.Union([
  Type.Literal('text'),
  Type.Literal('data'),
  Type.Literal('group'),
  Type.Literal('any'),
]);

/** One child role of a vocabulary type: which id, which kind of particle, how many. */
export const VocabularyRole = Type.Object(
  {
    id: Type.String({ description: 'Child id, or "*" for any other children.' }),
    kind: RoleKind,
    required: Type.Optional(Type.Boolean()),
    types: Type.Optional(Type.Array(Type.String(), { description: 'Allowed group types for this role.' })),
    mimeTypes: Type.Optional(Type.Array(Type.String(), { description: 'Allowed mime types for this role.' })),
    values: Type.Optional(
      Type.Array(Type.String(), {
        description: 'For a text role: the only texts it takes (an enumeration, e.g. tones).',
      }),
    ),
    json: Type.Optional(
      Type.Unknown({
        description: 'For an application/json text role: the shape of its JSON (type, properties, required, items).',
      }),
    ),
    description: Type.String(),
  },
  { additionalProperties: false },
);
/** A child role. */
export type VocabularyRole = Static<typeof VocabularyRole>;

/** One semantic group type the renderer understands, as announced to generators. */
export const VocabularyEntry = Type.Object(
  {
    type: Type.String(),
    category: Type.String({ description: 'layout, display, media or input.' }),
    description: Type.String(),
    roles: Type.Array(VocabularyRole),
    events: Type.Array(Type.String()),
    /** Events a group of this type must handle (a modal's dismissal): a group without them is refused. */
    requiredEvents: Type.Optional(
      Type.Array(Type.String(), { description: 'Events a group of this type must have a handler for.' }),
    ),
    example: Particle,
  },
  { additionalProperties: false, $id: 'VocabularyEntry' },
);
/** A vocabulary entry. */
export type VocabularyEntry = Static<typeof VocabularyEntry>;

/** What the host tells generators about where they render. */
export const HostContext = Type.Object(
  {
    theme: Type.Union([Type.Literal('light'), Type.Literal('dark')]),
    locale: Type.String({ maxLength: 64 }),
    timeZone: Type.Optional(Type.String({ maxLength: 64 })),
    viewport: Type.Optional(Type.Object({ width: Type.Number(), height: Type.Number() })),
  },
  { additionalProperties: true, $id: 'HostContext' },
);
/** Host context. */
export type HostContext = Static<typeof HostContext>;

/** Result of `suip/initialize` (renderer → generator). */
export const InitializeResult = Type.Object(
  {
    protocolVersion: Type.String(),
    renderer: PeerInfo,
    vocabulary: Type.Array(VocabularyEntry),
    limits: Limits,
    hostContext: HostContext,
    /** 1.1: what this renderer offers beyond 1.0 (absent from a 1.0 renderer). */
    capabilities: Type.Optional(
      Type.Object(
        {
          input: Type.Optional(Type.Boolean({ description: 'The renderer may send suip/input.' })),
          output: Type.Optional(Type.Boolean({ description: 'The renderer accepts suip/output on `outputs`.' })),
          dialogs: Type.Optional(
            Type.Boolean({ description: 'The renderer answers suip/dialog requests (confirm, prompt, pick).' }),
          ),
        },
        { additionalProperties: true },
      ),
    ),
    /** 1.1: the channels the host accepts `suip/output` on. */
    outputs: Type.Optional(Type.Array(ChannelName, { maxItems: 64 })),
    /**
     * 1.1: the channels the host sends `suip/input` on. Present when the host declared them: a
     * program listening on another channel is told so at once instead of waiting forever.
     */
    inputs: Type.Optional(Type.Array(ChannelName, { maxItems: 64 })),
    /** 1.1: what this host accepts from the program (resolved defaults); the prompt is generated from it. */
    policy: Type.Optional(EffectivePolicy),
    /**
     * 1.1: the subtree the renderer already shows for this mount (hand-over); the first render is diffed against it.
     */
    adopted: Type.Optional(Particle),
  },
  { additionalProperties: false, $id: 'InitializeResult' },
);
/** Initialize result. */
export type InitializeResult = Static<typeof InitializeResult>;
