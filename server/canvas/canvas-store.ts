import { CanvasOpError, applyOp, compact, emptyCanvas, replay, type CanvasState } from '../../adapters/canvas/state.ts';
import type { CanvasOp } from '../../shared/neighbours/canvas/ops.ts';
import type { Ledger, LedgerEntry } from '../ledger/ledger.ts';

/** The live-channel data channel that carries canvas ops. */
export const CANVAS_CHANNEL = 'canvas';
/** The ledger session that holds a canvas's compacted snapshots. */
export const snapshotsOf = (sessionId: string) => `${sessionId}.canvas`;

/** Options of `createCanvasStore`. */
export interface CanvasStoreOptions {
  /** Persist a compacted snapshot every this many ops (keep it well under the ledger window). Default 200. */
  snapshotEvery?: number;
}

/** Ops accepted (with their ledger positions) or refused whole (nothing recorded). */
export type AppendResult =
  { ok: true; seqs: number[] } | { ok: false; index: number; error: string; code: CanvasOpError['code'] };

/** The canvas state per canvas, kept in the ledger. */
export interface CanvasStore {
  /** Check ops against the current canvas and record them in order (all or none). */
  append(sessionId: string, ops: readonly CanvasOp[]): Promise<AppendResult>;
  /** The compacted canvas (the seed's replay order) and the ledger position it stands for. */
  snapshot(sessionId: string): Promise<{ seq: number; ops: CanvasOp[] }>;
}

/** The canvas cannot be rebuilt: ops left the ledger's window unread and no snapshot covers them. */
export class CanvasHistoryLost extends Error {
  override name = 'CanvasHistoryLost';
}

interface Folded {
  seq: number;
  state: CanvasState;
  snapshotSeq: number;
}

/**
 * The server's canvas store. Every op is one `data` frame on the canvas's live-channel session
 * (channel `canvas`), so the live channel streams and resumes it with its own gap-free `seq`; the
 * state is the ledger folded with the client's own `applyOp` (deterministic: every process and
 * every browser computes the same canvas from the same ledger). A compacted snapshot is appended to
 * `<session>.canvas` every `snapshotEvery` ops, so a cold process, or a client behind the replay
 * window, starts from it instead of the whole history. Works on any ledger (memory, SQLite, Redis).
 */
export function createCanvasStore(ledger: Ledger, options: CanvasStoreOptions = {}): CanvasStore {
  const every = options.snapshotEvery ?? 200;
  const cache = new Map<string, Folded>();
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(sessionId: string, task: () => Promise<T>): Promise<T> => {
    const run = (queues.get(sessionId) ?? Promise.resolve()).then(task, task);
    queues.set(
      sessionId,
      run.catch(() => undefined),
    );
    return run;
  };

  /** The newest persisted snapshot (or the empty canvas). */
  async function load(sessionId: string): Promise<Folded> {
    const last = await ledger.last(snapshotsOf(sessionId));
    if (last > 0) {
      const [entry] = (await ledger.read(snapshotsOf(sessionId), last - 1, 1)).entries;
      if (entry !== undefined) {
        const snap = JSON.parse(entry.payload) as { seq: number; ops: CanvasOp[] };
        return { seq: snap.seq, state: replay(snap.ops), snapshotSeq: snap.seq };
      }
    }
    return { seq: 0, state: emptyCanvas(), snapshotSeq: 0 };
  }

  async function fold(sessionId: string): Promise<Folded> {
    let folded = cache.get(sessionId) ?? (await load(sessionId));
    cache.set(sessionId, folded);
    for (;;) {
      const read = await ledger.read(sessionId, folded.seq, 1000);
      if (read.truncated) {
        // This process fell behind the window (another process appended meanwhile): start again
        // from the newest persisted snapshot; when none covers the trimmed ops, say so, never guess.
        const fresh = await load(sessionId);
        if (fresh.seq <= folded.seq || (await ledger.read(sessionId, fresh.seq, 1)).truncated) {
          cache.delete(sessionId);
          throw new CanvasHistoryLost(
            `canvas ${sessionId}: the ops after ${folded.seq} left the ledger's replay window ` +
              `before this process read them, and no persisted snapshot covers them (snapshots ` +
              `every ${every} ops); run the servers with a --window well above ${every}`,
          );
        }
        folded = fresh;
        cache.set(sessionId, folded);
        continue;
      }
      for (const entry of read.entries) applyEntry(folded, entry);
      if (read.entries.length < 1000) break;
    }
    return folded;
  }

  return {
    append: (sessionId, ops) =>
      serial(sessionId, async () => {
        const folded = await fold(sessionId);
        // All or none: try the batch on a copy first.
        const trial = replay(compact(folded.state));
        for (let index = 0; index < ops.length; index += 1) {
          try {
            applyOp(trial, ops[index]!);
          } catch (error) {
            if (!(error instanceof CanvasOpError)) throw error;
            return { ok: false as const, index, error: error.message, code: error.code };
          }
        }
        const seqs: number[] = [];
        for (const op of ops)
          seqs.push(
            await ledger.append(
              sessionId,
              'data',
              JSON.stringify({ channel: CANVAS_CHANNEL, mode: 'append', payload: op }),
            ),
          );
        const after = await fold(sessionId);
        if (after.seq - after.snapshotSeq >= every) {
          await ledger.append(
            snapshotsOf(sessionId),
            'snapshot',
            JSON.stringify({ seq: after.seq, ops: compact(after.state) }),
          );
          after.snapshotSeq = after.seq;
        }
        return { ok: true as const, seqs };
      }),
    snapshot: (sessionId) =>
      serial(sessionId, async () => {
        const folded = await fold(sessionId);
        return { seq: folded.seq, ops: compact(folded.state) };
      }),
  };
}

/** Fold one ledger entry: canvas ops apply (ones that cannot are skipped, as every client skips them). */
function applyEntry(folded: Folded, entry: LedgerEntry): void {
  folded.seq = entry.seq;
  if (entry.kind !== 'data') return;
  const body = JSON.parse(entry.payload) as { channel?: unknown; payload?: unknown };
  if (body.channel !== CANVAS_CHANNEL) return;
  try {
    applyOp(folded.state, body.payload as CanvasOp);
  } catch (error) {
    if (!(error instanceof CanvasOpError)) throw error;
  }
}
