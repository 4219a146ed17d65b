import Database from 'better-sqlite3';
import { closeSync, fdatasyncSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What one durable write costs on this disk (`node --import tsx bench/fsync.ts [--count=200]
 * [--dir=DIR]`), the unit of issue 43's SQLite target ("p50 ≤ the memory ledger's plus one
 * fsync"): a 200-byte append to a file then `fsync`, the same with `fdatasync`, one SQLite
 * commit of one row in WAL mode with `synchronous = FULL` (what the ledger does per group commit,
 * `server/ledger/sqlite-commits.ts`; this build of SQLite syncs with `fsync`), each back to back,
 * and write + `fsync` once every 5 ms (`pacedFsyncs`).
 * The directory defaults to the OS temp directory, where `bench/live-channel.ts` keeps its SQLite
 * files; that bench also calls `durableWrites` once per round, so the unit is read at the load its
 * latencies were. Prints p50 / p95 per kind.
 */

/** Milliseconds of each of `count` calls of `once`, sorted. */
function time(count: number, once: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    once();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

/** The value at quantile `q` of sorted milliseconds. */
export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** `count` timed durable writes of each kind in a fresh directory under `parent` (removed after): name → sorted ms. */
export function durableWrites(parent: string, count: number): Array<[string, number[]]> {
  const dir = mkdtempSync(join(parent, 'suip-bench-fsync-'));
  const line = Buffer.from(`${'x'.repeat(199)}\n`);
  const rows: Array<[string, number[]]> = [];
  try {
    for (const [name, sync] of [
      ['write + fsync', fsyncSync],
      ['write + fdatasync', fdatasyncSync],
    ] as const) {
      const fd = openSync(join(dir, `${name.replace(/\W+/g, '-')}.log`), 'a');
      rows.push([name, time(count, () => (writeSync(fd, line), sync(fd)))]);
      closeSync(fd);
    }
    const db = new Database(join(dir, 'commit.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (payload) VALUES (?)');
    const commit = db.transaction(() => insert.run(line.toString()));
    rows.push(['SQLite commit of one row (WAL, synchronous=FULL)', time(count, () => commit.immediate())]);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * `count` write + `fsync` calls of 200 bytes, one every `paceMs` (ms, sorted), as the live channel's
 * latency phase commits (one publish per 5 ms): a sync that follows an idle gap costs more on this
 * machine than one of a back-to-back series (the CPU that waits for the disk went idle, or went to
 * another process, and must be won back), so this is the unit that phase pays.
 */
export async function pacedFsyncs(parent: string, count: number, paceMs = 5): Promise<number[]> {
  const dir = mkdtempSync(join(parent, 'suip-bench-paced-'));
  const line = Buffer.from(`${'x'.repeat(199)}\n`);
  const fd = openSync(join(dir, 'paced.log'), 'a');
  const out: number[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const start = performance.now();
      writeSync(fd, line);
      fsyncSync(fd);
      out.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return out.sort((a, b) => a - b);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const count = Number(arg('count') ?? 200);
  const parent = arg('dir') ?? tmpdir();
  const rows = durableWrites(parent, count);
  rows.push(['write + fsync, one per 5 ms', await pacedFsyncs(parent, count)]);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`\n${count} calls each in a directory under ${parent} (removed), load average at the end ${load}.\n`);
  console.log('| durable write | p50 | p95 |\n|---|---|---|');
  for (const [name, ms] of rows)
    console.log(`| ${name} | ${quantile(ms, 0.5).toFixed(2)} ms | ${quantile(ms, 0.95).toFixed(2)} ms |`);
}
