import Database from 'better-sqlite3';
import { closeSync, fdatasyncSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What one durable write costs on this disk (`node --import tsx bench/fsync.ts [--count=200]
 * [--dir=DIR]`), the unit of issue 43's SQLite target ("p50 ≤ the memory ledger's plus one
 * fsync"): a 200-byte append to a file then `fsync`, the same with `fdatasync`, and one SQLite
 * commit of one row in WAL mode with `synchronous = FULL` (what the ledger's writer thread does
 * per group commit, `server/ledger/sqlite-writer.ts`). The directory defaults to the OS temp
 * directory, where `bench/live-channel.ts` keeps its SQLite files. Prints p50 / p95 per kind.
 */

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const COUNT = Number(arg('count') ?? 200);
const dir = mkdtempSync(join(arg('dir') ?? tmpdir(), 'suip-bench-fsync-'));

/** Milliseconds of each call of `once`, sorted. */
function time(once: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < COUNT; i += 1) {
    const start = performance.now();
    once();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const line = Buffer.from(`${'x'.repeat(199)}\n`);
const rows: Array<[string, number[]]> = [];
try {
  for (const [name, sync] of [
    ['write + fsync', fsyncSync],
    ['write + fdatasync', fdatasyncSync],
  ] as const) {
    const fd = openSync(join(dir, `${name.replace(/\W+/g, '-')}.log`), 'a');
    rows.push([name, time(() => (writeSync(fd, line), sync(fd)))]);
    closeSync(fd);
  }
  const db = new Database(join(dir, 'commit.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (payload) VALUES (?)');
  const commit = db.transaction(() => insert.run(line.toString()));
  rows.push(['SQLite commit of one row (WAL, synchronous=FULL)', time(() => commit.immediate())]);
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(`\n${COUNT} calls each in ${dir} (removed), load average at the end ${load}.\n`);
console.log('| durable write | p50 | p95 |\n|---|---|---|');
for (const [name, ms] of rows)
  console.log(`| ${name} | ${at(ms, 0.5).toFixed(2)} ms | ${at(ms, 0.95).toFixed(2)} ms |`);
