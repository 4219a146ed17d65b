import type { Op, Particle } from '../../shared/index.ts';

/** What one diff run accumulates while it walks both trees. */
export interface DiffState {
  /** The ops so far, in the order they must be applied. */
  ops: Op[];
  /** Moves emitted so far (a remove + insert/append without `particle`): these keep identity. */
  moves: number;
  /**
   * Diffs one particle that exists in both trees at `path`, pushing its ops; returns their estimated
   * size. Passed in rather than imported so the children diff and the particle diff do not import
   * each other.
   */
  diffParticle(prev: Particle, next: Particle, path: readonly string[]): number;
}

/** `path` plus `id`, as a new array (slice + push: several times faster than `concat` in V8). */
export function childPath(path: readonly string[], id: string): string[] {
  const out = path.slice();
  out.push(id);
  return out;
}
