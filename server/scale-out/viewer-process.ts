import { startFaultViewer, type FaultViewer, type FaultViewerState } from './fault-viewer.ts';

/**
 * One viewer process of a fault run (forked by `viewer-processes.ts`): it opens the viewers it is
 * given, reports their state twice a second and forwards `watch`. A thousand sockets read by one
 * Node process fall behind on a loaded machine and the measuring side becomes the bottleneck;
 * spread over several processes, each reads its share as fast as a page would.
 */

/** What the run sends a viewer process. */
export type ToViewers =
  | { type: 'start'; base: string; viewers: Array<{ sessionId: string; wsToken: string }> }
  | { type: 'watch'; sessions: string[]; since: number }
  | { type: 'stop' };

/** What a viewer process reports: every viewer's state, and error frames by code. */
export interface FromViewers {
  type: 'state';
  viewers: FaultViewerState[];
  errors: Record<string, number>;
}

const viewers: FaultViewer[] = [];

function report(): void {
  const errors: Record<string, number> = {};
  for (const viewer of viewers) for (const [code, n] of viewer.errors) errors[code] = (errors[code] ?? 0) + n;
  const state = viewers.map(
    ({ sessionId, last, duplicated, skipped, acked, connections, closedAt, resumedAt, firstAfter }) => ({
      sessionId,
      last,
      duplicated,
      skipped,
      acked,
      connections,
      closedAt,
      resumedAt,
      firstAfter,
    }),
  );
  process.send!({ type: 'state', viewers: state, errors } satisfies FromViewers);
}

process.on('message', (message: ToViewers) => {
  if (message.type === 'start') {
    void (async () => {
      for (const [i, { sessionId, wsToken }] of message.viewers.entries()) {
        viewers.push(startFaultViewer(message.base, sessionId, wsToken));
        // Opened in small groups: a page load is not a thousand upgrades in one tick.
        if (i % 25 === 24) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    setInterval(report, 500);
  } else if (message.type === 'watch') {
    const sessions = new Set(message.sessions);
    for (const viewer of viewers) if (sessions.has(viewer.sessionId)) viewer.watch(message.since);
  } else {
    for (const viewer of viewers) viewer.close();
    report();
    setTimeout(() => process.exit(0), 100);
  }
});
// The run went away (killed, crashed): so does this process, never left holding sockets.
process.on('disconnect', () => process.exit(0));
