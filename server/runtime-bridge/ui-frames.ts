import type { BridgeClientFrame } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import { parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import { refuse, type BridgeClient } from './bridge-client.ts';
import type { Claims } from './claims.ts';
import type { RuntimeSupervisor } from './runtime-supervisor.ts';

/** What a window's frame may act on. */
export interface UiFrameContext {
  supervisor: RuntimeSupervisor;
  claims: Claims;
  log(event: Record<string, unknown>): void;
}

/**
 * One frame from a window: a restart (with the capability only), or a line for the running
 * runtime, relayed once it is a protocol line addressed to this generation that the claims allow.
 */
export function receiveFromUi(client: BridgeClient, frame: BridgeClientFrame, bridge: UiFrameContext): void {
  const { supervisor, claims } = bridge;
  if (frame.type === 'restart') {
    if (!client.canRestart)
      return refuse(
        client,
        'NOT_ALLOWED',
        'this token may not restart the runtime; mint one with POST /api/runtime/token {"restart": true}',
      );
    bridge.log({ event: 'runtime-restart-requested', generation: supervisor.generation, clientId: client.id });
    return supervisor.restart();
  }
  // SECURITY: a line addressed to an exited runtime never reaches the new one (its run ids may name other runs
  // there).
  const { generation, runtime } = supervisor;
  if (frame.generation !== generation || runtime?.running !== true) {
    return refuse(
      client,
      'STALE_GENERATION',
      `not relayed: the line is addressed to runtime ` +
        `generation ${frame.generation}, which has exited; the current runtime ` +
        `(generation ${generation}) never saw its runs. Reload the runs from the ` +
        `current runtime instead.`,
    );
  }
  const parsed = parseLine(frame.line);
  if (!parsed.ok) return refuse(client, 'BAD_LINE', `not relayed: ${parsed.problem.message}`);
  const verdict = claims.fromUi(client.id, generation, parsed.message);
  if (verdict !== 'relay') return refuse(client, verdict.code, verdict.message);
  // SECURITY: UI → runtime lines may hold a secret prompt's value: relayed to stdin only, never logged or kept.
  if (runtime.write(frame.line) !== true) refuse(client, 'NOT_RUNNING', 'the runtime is not running; restart it');
}
