import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EVENT_DATA, EVENT_NAMES, type EventName } from './particle-kinds.ts';

/**
 * Particles, SUIP's tree nodes. A particle is exactly one of text, data or group. Group children
 * are an ordered array of `[id, particle]` entries (JSON objects would reorder integer-like keys).
 * These schemas are the single source of the TypeScript types, the JSON Schema handed to models
 * and the shallow shape checks of the iterative validator (`validate-particle.ts`).
 */

/** A particle id: unique among its siblings; hostile data, so only ever a `Map` key. */
export const ParticleId = Type.String({ minLength: 1, description: 'Unique among siblings.' });
/** A particle id. */
export type ParticleId = Static<typeof ParticleId>;

/** Ids from the root of the generator's own subtree (`[]` is that root). */
export const ParticlePath = Type.Array(ParticleId, { description: 'Ids from the generator root; [] is the root.' });
/** A path of ids. */
export type ParticlePath = Static<typeof ParticlePath>;

export { EVENT_NAMES, EVENT_DATA, isGroup, isText, type EventName } from './particle-kinds.ts';

/** SUIP's EventHandler: an opaque handler id plus what the host does synchronously. */
export const EventHandler = Type.Object(
  {
    handler: Type.String({ minLength: 1, description: 'Opaque id the generator maps to a function.' }),
    preventDefault: Type.Optional(Type.Boolean({ description: 'Applied synchronously by the host.' })),
    data: Type.Optional(
      Type.Union(
        EVENT_DATA.map((d) => Type.Literal(d)),
        { description: 'Payload to send back; default "none".' },
      ),
    ),
    keys: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
        maxItems: 16,
        description: 'keydown only: the KeyboardEvent.key values that fire it.',
      }),
    ),
  },
  { additionalProperties: false },
);
/** An event handler description. */
export type EventHandler = Static<typeof EventHandler>;

/** The `on` map of a group: event name → handler. Only the names in EVENT_NAMES are allowed. */
export const EventHandlers = Type.Partial(
  Type.Object(
    Object.fromEntries(EVENT_NAMES.map((name) => [name, EventHandler])) as Record<EventName, typeof EventHandler>,
  ),
  { additionalProperties: false },
);
/** Event name → handler. */
export type EventHandlers = Static<typeof EventHandlers>;

/** A vocabulary type name: lower-case words joined by dashes. */
export const GroupType = Type.String({ pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', maxLength: 64 });

/** Text; `mimeType` defaults to `text/markdown`. */
export const TextParticle = Type.Object(
  {
    text: Type.String(),
    mimeType: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false, $id: 'TextParticle' },
);
/** A text particle. */
export type TextParticle = Static<typeof TextParticle>;

/** Media or other data: a URL or a `data:` URI, with its declared mime type. */
export const DataParticle = Type.Object(
  {
    data: Type.String({ description: 'A URL or data: URI; the host allowlists it.' }),
    mimeType: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false, $id: 'DataParticle' },
);
/** A data particle. */
export type DataParticle = Static<typeof DataParticle>;

const groupFields = <C extends TSchema>(child: C) => ({
  group: Type.Array(Type.Tuple([ParticleId, child]), { description: 'Ordered [id, particle] entries.' }),
  type: Type.Optional(GroupType),
  on: Type.Optional(EventHandlers),
});

/**
 * A group with its children unchecked: what the iterative validator checks at each node before
 * pushing the children on its own stack (a recursive check could overflow on a deep input).
 */
export const GroupShallow = Type.Object(groupFields(Type.Unknown()), { additionalProperties: false });

/** Any particle, recursively. Used for the TypeScript type and the JSON Schema. */
export const Particle = Type.Recursive(
  (Self) =>
    Type.Union([
      TextParticle,
      DataParticle,
      Type.Object(groupFields(Self), { additionalProperties: false, $id: 'GroupParticle' }),
    ]),
  { $id: 'Particle' },
);
/** Any particle. */
export type Particle = Static<typeof Particle>;
/** A group particle. */
export type GroupParticle = Extract<Particle, { group: unknown }>;
/** One child entry of a group. */
export type GroupEntry = GroupParticle['group'][number];
