import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobResult, WriteJob } from './sqlite-jobs.ts';
import { createSqliteLedger } from './sqlite-ledger.ts';
import { loopWriter } from './sqlite-loop-writer.ts';
import { ensureSchema } from './sqlite-schema.ts';

// A real file on the repository's disk (gitignored `.suip-data/`), never tmpfs: the fsync is the point.
const root = fileURLToPath(new URL('../../.suip-data/', import.meta.url));
mkdirSync(root, { recursive: true });
const dir = mkdtempSync(join(root, 'loop-writer-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The file's commit counter, which every write transaction bumps once. */
function commitCounter(file: string): { read(): number; close(): void } {
  const db = new Database(file, { readonly: true });
  const statement = db.prepare<[], { n: number }>('SELECT n FROM commits WHERE id = 1');
  return { read: () => statement.get()!.n, close: () => db.close() };
}

describe("the SQLite ledger's commits on the event loop (commitOn: 'loop')", () => {
  it('commits the appends of 20 sessions, each from its own task of one turn, in exactly one transaction', async () => {
    const file = join(dir, 'shared.sqlite');
    const ledger = createSqliteLedger(file, { commitOn: 'loop' });
    await ledger.append('warm-up', 'data', '{}');
    const counter = commitCounter(file);
    const before = counter.read();
    // Immediates queued together run in one check phase of one turn, each its own task (microtasks drain between
    // them), and the commit they schedule runs in the next turn's: all 20 are in it. Not timers: twenty 0 ms timers
    // made across a millisecond's edge fall due in two turns on a loaded machine (2 commits, seen in CI beside hogs).
    const appends = await Promise.all(
      Array.from(
        { length: 20 },
        (_, i) =>
          new Promise<number>((resolve, reject) =>
            setImmediate(() => ledger.append(`session-${i}`, 'data', `{"i":${i}}`).then(resolve, reject)),
          ),
      ),
    );
    expect(appends).toEqual(Array.from({ length: 20 }, () => 1));
    expect(counter.read() - before).toBe(1);
    for (let i = 0; i < 20; i += 1) expect(await ledger.last(`session-${i}`)).toBe(1);
    counter.close();
    await ledger.close();
  });

  it('acknowledges in the turn the append arrived in (no thread hop), and only once it is committed', async () => {
    const file = join(dir, 'same-turn.sqlite');
    const ledger = createSqliteLedger(file, { commitOn: 'loop' });
    await ledger.append('warm-up', 'data', '{}');
    const counter = commitCounter(file);
    const before = counter.read();
    let committedWhenAcknowledged = -1;
    const acknowledged = ledger.append('s', 'data', '"x"').then((seq) => {
      committedWhenAcknowledged = counter.read() - before;
      return seq;
    });
    // Queued after the append's commit: on a writer thread the answer cannot have come back by then.
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(committedWhenAcknowledged).toBe(1);
    expect(await acknowledged).toBe(1);
    counter.close();
    await ledger.close();
  });

  it("waits, without blocking the loop, while another process's transaction holds the write lock", async () => {
    const file = join(dir, 'locked.sqlite');
    const ledger = createSqliteLedger(file, { commitOn: 'loop' });
    await ledger.append('s', 'data', '"first"');
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    let settled = false;
    const second = ledger.append('s', 'data', '"second"').then((seq) => ((settled = true), seq));
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The loop ran the timer on time-ish (not after a 10 s busy timeout) and nothing was acknowledged yet.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(settled).toBe(false);
    other.exec('COMMIT');
    expect(await second).toBe(2);
    other.close();
    await ledger.close();
  });

  it('answers STORE_FAILED when a commit fails for another reason than the write lock (never throws from the loop), and keeps committing', async () => {
    const file = join(dir, 'failing.sqlite');
    const db = new Database(file);
    ensureSchema(db);
    db.close();
    const settled: JobResult[] = [];
    const writer = loopWriter({ file, window: 100, quotaBytes: 1 << 20 }, (results) => settled.push(...results));
    const job = (id: number, kind: unknown): WriteJob => ({
      id,
      at: Date.now(),
      items: [{ session: 's', kind: kind as 'data', payload: '"x"' }],
    });
    // A value SQLite cannot bind fails inside the transaction, as a disk error would: not SQLITE_BUSY.
    writer.post({ type: 'jobs', jobs: [job(1, { not: 'bindable' })] });
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(settled).toEqual([{ id: 1, error: expect.objectContaining({ code: 'STORE_FAILED' }) }]);
    writer.post({ type: 'jobs', jobs: [job(2, 'data')] });
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(settled[1]).toEqual({ id: 2, seqs: [1] });
    await writer.close();
  });
});
