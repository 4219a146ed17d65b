import { startLimitStream } from './limit-stream.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';

/**
 * Anchor vanilla: the simulated model in a Worker of the host page, like every other contestant's
 * model (it once ran on the host thread, which charged the script's timers and edits to vanilla's
 * host CPU), each edit applied with one DOM call. No sandbox, no wire, no validation, no framework.
 */
export function startVanillaStream(setup: StreamSetup): Promise<StreamRun> {
  return startLimitStream(setup, 'page');
}
