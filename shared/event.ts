import { Type, type Static } from '@sinclair/typebox';
import { EVENT_NAMES, ParticlePath } from './particle.ts';

/** What comes back with an event, per the handler's `data`. Form data is entries, never object keys. */
export const EventPayload = Type.Union([
  Type.Null(),
  Type.Object({ value: Type.String() }, { additionalProperties: false }),
  Type.Object({ checked: Type.Boolean() }, { additionalProperties: false }),
  Type.Object({ formData: Type.Array(Type.Tuple([Type.String(), Type.String()])) }, { additionalProperties: false }),
]);
/** An event payload. */
export type EventPayload = Static<typeof EventPayload>;

/** Params of `suip/event` (renderer → generator): SUIP's EventMessage. */
export const EventParams = Type.Object(
  {
    handler: Type.String(),
    path: ParticlePath,
    event: Type.Union(EVENT_NAMES.map((name) => Type.Literal(name))),
    payload: EventPayload,
    key: Type.Optional(Type.String({ description: 'KeyboardEvent.key for keydown.' })),
  },
  { additionalProperties: false, $id: 'EventParams' },
);
/** Event params. */
export type EventParams = Static<typeof EventParams>;
