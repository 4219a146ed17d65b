import type { Ledger } from '../ledger/ledger.ts';
import type { Claims } from './claims.ts';
import { createOrderedAppends } from './ordered-appends.ts';
import { startGeneration } from './runtime-generation.ts';
import type { RuntimeProcess } from './runtime-process.ts';

/**
 * Appends waiting for the ledger beyond which the runtime's stdout is paused (it is not read faster than it is kept).
 */
const MAX_QUEUED_APPENDS = 256;

/** What the supervisor needs; the command is the operator's (`--runtime-cmd`), never a client's. */
export interface RuntimeSupervisorOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  ledger: Ledger;
  stream: string;
  claims: Claims;
  log(event: Record<string, unknown>): void;
  /** An entry of this kind could not be stored: every window must be told it is lost. */
  lost(kind: string): void;
}

/** The runtime process across its generations. */
export interface RuntimeSupervisor {
  /** The running (or last) generation, 0 before the first start. */
  readonly generation: number;
  readonly runtime: RuntimeProcess | undefined;
  /** Settles once the first generation started (its number read from the ledger). */
  readonly ready: Promise<void>;
  /** Stop the runtime and start the next generation (not while closing). */
  restart(): void;
  /** From now on nothing starts and an exit is not recorded. */
  closing(): void;
  /** Stop the runtime and wait for every append. */
  stop(): Promise<void>;
}

/**
 * Run the operator's runtime as numbered generations whose output is one ordered ledger stream. A
 * server restart keeps the ledger: generations go on from the newest one recorded, so old runs
 * never alias new ones.
 */
export function createRuntimeSupervisor(options: RuntimeSupervisorOptions): RuntimeSupervisor {
  const { ledger, stream } = options;
  let generation = 0;
  let runtime: RuntimeProcess | undefined;
  let closing = false;
  const failed = (kind: string, error: unknown) =>
    options.log({
      event: 'runtime-ledger-failed',
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
  const appends = createOrderedAppends({
    ledger,
    stream,
    maxQueued: MAX_QUEUED_APPENDS,
    pause: () => runtime?.pause(),
    resume: () => runtime?.resume(),
    failed(kind, error) {
      failed(kind, error);
      options.lost(kind);
    },
  });
  const start = () => {
    generation += 1;
    runtime = startGeneration(generation, {
      command: options.command,
      args: options.args,
      cwd: options.cwd,
      env: options.env,
      claims: options.claims,
      append: appends.append,
      closing: () => closing,
      log: options.log,
    });
  };
  const ready = ledger.heads(stream).then(
    (heads) => {
      const head = heads.generation;
      generation =
        head === undefined ? 0 : Number((JSON.parse(head.payload) as { generation?: unknown }).generation) || 0;
      if (!closing) start();
    },
    (error: unknown) => {
      failed('heads', error);
      if (!closing) start();
    },
  );
  return {
    get generation() {
      return generation;
    },
    get runtime() {
      return runtime;
    },
    ready,
    restart() {
      void (runtime?.stop() ?? Promise.resolve()).then(() => (closing ? undefined : start()));
    },
    closing() {
      closing = true;
    },
    async stop() {
      await ready;
      await runtime?.stop();
      await appends.settled();
    },
  };
}
