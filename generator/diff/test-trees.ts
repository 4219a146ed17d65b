import { isGroup, type GroupParticle, type Particle } from '../../shared/index.ts';

/**
 * Small helpers for the diff tests and benchmarks: builders, a deep freeze that turns any mutation
 * of an input into a TypeError, and a path lookup.
 */

/** A text particle. */
export const t = (text: string, mimeType?: string): Particle =>
  mimeType === undefined ? { text } : { text, mimeType };

/** A group particle from entries. */
export const g = (entries: Array<[string, Particle]>, type?: string): GroupParticle =>
  type === undefined ? { group: entries } : { group: entries, type };

/** Freezes a particle tree in place, so a diff that mutates its input throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The particle at `path` below `root`, or undefined. */
export function at(root: Particle, path: readonly string[]): Particle | undefined {
  let node: Particle | undefined = root;
  for (const id of path) {
    if (node === undefined || !isGroup(node)) return undefined;
    node = node.group.find((entry) => entry[0] === id)?.[1];
  }
  return node;
}
