import type { EventHandlers, Particle } from '../../shared/index.ts';

/**
 * Cheap estimates of JSON sizes, in UTF-16 code units: enough for the diff to choose between a
 * list of fine-grained ops and one `replace`, without serializing anything.
 */

/**
 * Bytes of a JSON-RPC op envelope without its path and particle:
 * `{"jsonrpc":"2.0","method":"suip/ops/insert","params":{"path":[]}}`.
 */
export const OP_OVERHEAD = 64;

/** Approximate JSON size of a path array. */
export function pathSize(path: readonly string[]): number {
  let size = 2;
  for (const id of path) size += id.length + 3;
  return size;
}

function handlersSize(on: EventHandlers): number {
  let size = 7;
  for (const [name, handler] of Object.entries(on)) {
    if (handler === undefined) continue;
    size += name.length + 16 + handler.handler.length;
    if (handler.preventDefault !== undefined) size += 22;
    if (handler.data !== undefined) size += handler.data.length + 10;
    if (handler.keys !== undefined) for (const key of handler.keys) size += key.length + 3;
  }
  return size;
}

/**
 * Approximate JSON size of `particle`, or some number above `budget` as soon as the walk passes it:
 * the diff only needs to know whether a subtree is smaller than its ops, so a one-leaf change does
 * not pay for walking a large subtree.
 */
export function particleSize(particle: Particle, budget = Infinity): number {
  if ('text' in particle)
    return particle.text.length + 11 + (particle.mimeType === undefined ? 0 : particle.mimeType.length + 14);
  if ('data' in particle) return particle.data.length + particle.mimeType.length + 24;
  let size = 12;
  if (particle.type !== undefined) size += particle.type.length + 10;
  if (particle.on !== undefined) size += handlersSize(particle.on);
  for (const [id, child] of particle.group) {
    if (size > budget) return size;
    size += id.length + 6;
    size += particleSize(child, budget - size);
  }
  return size;
}
