import { DEFAULT_LIMITS, appendOp, type Particle } from '../../shared/index.ts';
import { BUILTIN_VOCABULARY, applyGeneratorTransaction, createGroupChecker, createMergedTree, mountGenerator } from '../../renderer/headless.ts';

const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);

/**
 * Test helper: the renderer's own transaction over a particle (the particle check and the
 * vocabulary check a browser runs); the error it refuses with, or undefined when it is accepted.
 */
export function rendererRefusal(particle: unknown): { code: number; message: string } | undefined {
  const result = applyGeneratorTransaction(mountGenerator(createMergedTree(), 'g'), 'g', [appendOp([], 'p', particle as Particle)], { limits: DEFAULT_LIMITS, checkGroup });
  return result.ok ? undefined : { code: result.error.code, message: result.error.message };
}
