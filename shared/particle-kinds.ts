import type { GroupParticle, Particle, TextParticle } from './particle.ts';

/**
 * The particle facts that are plain values, apart from the TypeBox schemas in `particle.ts`: the
 * sandbox runtime needs these and none of the schemas, and a bundler cannot drop a schema whose
 * definition calls `.map` (see `generator/build/sandbox-plugin.ts`), so keeping them here keeps
 * TypeBox out of the runtime every sandbox loads.
 */

/** DOM events a group may ask to hear about. */
export const EVENT_NAMES = ['click', 'input', 'change', 'submit', 'keydown'] as const;
/** One of the events a group may handle. */
export type EventName = (typeof EVENT_NAMES)[number];

/** What the renderer sends back with an event. */
export const EVENT_DATA = ['none', 'value', 'checked', 'formData'] as const;

/** True for a group particle. */
export function isGroup(p: Particle): p is GroupParticle {
  return 'group' in p;
}

/** True for a text particle. */
export function isText(p: Particle): p is TextParticle {
  return 'text' in p;
}
