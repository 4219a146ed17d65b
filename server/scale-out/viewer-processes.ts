import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FaultViewerState } from './fault-viewer.ts';
import type { FromViewers, ToViewers } from './viewer-process.ts';

/** A fault run's viewers, spread over several processes (`viewer-process.ts`), as one set. */
export interface ViewerProcesses {
  /** Every viewer's newest reported state, in the order they were given. */
  readonly viewers: readonly FaultViewerState[];
  /** Error frames by code, over every process. */
  errors(): Record<string, number>;
  /** Time the first frame published after `since` for every viewer of `sessions`. */
  watch(sessions: Iterable<string>, since: number): void;
  /** Close every viewer, take the last report and end the processes. */
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./viewer-process.ts', import.meta.url));

/** Start `processes` viewer processes sharing `viewers` (round robin) through `base`; resolves once each reported. */
export async function startViewerProcesses(
  base: string,
  viewers: ReadonlyArray<{ sessionId: string; wsToken: string }>,
  processes: number,
): Promise<ViewerProcesses> {
  const count = Math.max(1, Math.min(processes, viewers.length));
  const shares = Array.from({ length: count }, () => [] as Array<{ sessionId: string; wsToken: string }>);
  viewers.forEach((viewer, i) => shares[i % count]!.push(viewer));
  const states: FaultViewerState[][] = shares.map((share) =>
    share.map(({ sessionId }) => ({
      sessionId,
      last: 1,
      duplicated: 0,
      skipped: 0,
      acked: false,
      connections: 0,
      closedAt: undefined,
      resumedAt: undefined,
      firstAfter: undefined,
    })),
  );
  const errors: Array<Record<string, number>> = shares.map(() => ({}));
  const children: ChildProcess[] = [];
  const reported = shares.map(() => {
    let resolve = () => undefined as void;
    let reject = (_error: Error) => undefined as void;
    const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
    return { promise, resolve, reject };
  });
  for (const [i, share] of shares.entries()) {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: FromViewers) => {
      // A process reports while it still opens its share: the viewers not opened yet keep their first state.
      message.viewers.forEach((viewer, j) => (states[i]![j] = viewer));
      errors[i] = message.errors;
      reported[i]!.resolve();
    });
    child.once('exit', (code) => reported[i]!.reject(new Error(`viewer process ${i} exited with ${code}`)));
    child.send({ type: 'start', base, viewers: share } satisfies ToViewers);
    children.push(child);
  }
  const exited = children.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  try {
    await Promise.all(reported.map((r) => r.promise));
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    throw error;
  }
  // Round robin back to the order given: viewer k is share k % count, place floor(k / count).
  const ordered = () => viewers.map((_, k) => states[k % count]![Math.floor(k / count)]!);
  return {
    get viewers() {
      return ordered();
    },
    errors() {
      const all: Record<string, number> = {};
      for (const one of errors) for (const [code, n] of Object.entries(one)) all[code] = (all[code] ?? 0) + n;
      return all;
    },
    watch(sessions, since) {
      const message: ToViewers = { type: 'watch', sessions: [...sessions], since };
      for (const child of children) if (child.connected) child.send(message);
    },
    async stop() {
      for (const child of children) if (child.connected) child.send({ type: 'stop' } satisfies ToViewers);
      const late = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 10_000);
      await Promise.all(exited);
      clearTimeout(late);
    },
  };
}
