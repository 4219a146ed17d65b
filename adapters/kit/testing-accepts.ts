import { DEFAULT_LIMITS, appendOp, type Particle } from '../../shared/index.ts';
import {
  BUILTIN_VOCABULARY,
  applyGeneratorTransaction,
  createGroupChecker,
  createMergedTree,
  mountGenerator,
} from '../../core/index.ts';

const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);

/** A model particle as the generator session puts it on the wire: handler functions become string ids. */
function toWire(p: unknown, next = { n: 0 }): unknown {
  if (typeof p !== 'object' || p === null || !('group' in p)) return p;
  const g = p as { group: Array<readonly [string, unknown]>; on?: Record<string, unknown> };
  const out: Record<string, unknown> = { ...g, group: g.group.map(([id, child]) => [id, toWire(child, next)]) };
  if (g.on !== undefined) {
    out.on = Object.fromEntries(
      Object.entries(g.on).map(([event, spec]) => {
        next.n += 1;
        if (typeof spec === 'function') return [event, { handler: `h${next.n}` }];
        const s = spec as { handler: unknown };
        return [event, { ...s, handler: typeof s.handler === 'string' ? s.handler : `h${next.n}` }];
      }),
    );
  }
  return out;
}

/**
 * Test helper: the renderer's own transaction over a particle (the particle check and the
 * vocabulary check a browser runs); the error it refuses with, or undefined when it is accepted.
 */
export function rendererRefusal(particle: unknown): { code: number; message: string } | undefined {
  const result = applyGeneratorTransaction(
    mountGenerator(createMergedTree(), 'g'),
    'g',
    [appendOp([], 'p', toWire(particle) as Particle)],
    { limits: DEFAULT_LIMITS, checkGroup },
  );
  return result.ok ? undefined : { code: result.error.code, message: result.error.message };
}
