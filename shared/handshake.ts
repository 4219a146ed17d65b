import { Type, type Static } from '@sinclair/typebox';
import { Limits } from './limits.ts';
import { Particle } from './particle.ts';

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
    capabilities: Type.Object({ textAppend: Type.Optional(Type.Boolean()), moves: Type.Optional(Type.Boolean()) }, { additionalProperties: true }),
  },
  { additionalProperties: false, $id: 'InitializeParams' },
);
/** Initialize params. */
export type InitializeParams = Static<typeof InitializeParams>;

/** The kind a child role takes. */
export const RoleKind = Type.Union([Type.Literal('text'), Type.Literal('data'), Type.Literal('group'), Type.Literal('any')]);

/** One child role of a vocabulary type: which id, which kind of particle, how many. */
export const VocabularyRole = Type.Object(
  {
    id: Type.String({ description: 'Child id, or "*" for any other children.' }),
    kind: RoleKind,
    required: Type.Optional(Type.Boolean()),
    types: Type.Optional(Type.Array(Type.String(), { description: 'Allowed group types for this role.' })),
    mimeTypes: Type.Optional(Type.Array(Type.String(), { description: 'Allowed mime types for this role.' })),
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
  },
  { additionalProperties: false, $id: 'InitializeResult' },
);
/** Initialize result. */
export type InitializeResult = Static<typeof InitializeResult>;
