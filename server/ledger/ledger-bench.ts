import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Ledger } from './ledger.ts';

/**
 * The SQLite ledger's write figures, a script (not a test): `node --import tsx
 * server/ledger/ledger-bench.ts [module] [clients] [appendsPerClient]`. It opens the ledger that
 * `module` exports as `createSqliteLedger` (default: this folder's) on a file under `.suip-data/`
 * (the repository's disk, not tmpfs), measures the worst lateness of a 5 ms interval for a quiet
 * second, then while `clients` sessions each append as fast as their appends are acknowledged,
 * and prints appends/s and both gaps. Run it against an older `sqlite-ledger.ts` to compare.
 */
const [module = './sqlite-ledger.ts', clients = '200', perClient = '100'] = process.argv.slice(2);
const { createSqliteLedger } = (await import(
  module.startsWith('.') && module !== './sqlite-ledger.ts' ? pathToFileURL(resolve(module)).href : module
)) as { createSqliteLedger: (file: string) => Ledger };
const root = resolve('.suip-data');
mkdirSync(root, { recursive: true });
const dir = mkdtempSync(join(root, 'ledger-bench-'));

async function worstGap(work: () => Promise<void>): Promise<number> {
  let worst = 0;
  let previous = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - previous - 5);
    previous = now;
  }, 5);
  await work();
  clearInterval(timer);
  // The stretch since the last tick counts too: a loop blocked for the whole run never ticked.
  return Math.max(worst, performance.now() - previous - 5);
}

try {
  const ledger = createSqliteLedger(join(dir, 'bench.sqlite'));
  await ledger.append('warm-up', 'data', '{}');
  const quiet = await worstGap(() => new Promise((done) => setTimeout(done, 1000)));
  const started = performance.now();
  const flood = await worstGap(async () => {
    await Promise.all(
      Array.from({ length: Number(clients) }, async (_, client) => {
        for (let i = 0; i < Number(perClient); i += 1)
          await ledger.append(`bench-${client}`, 'data', JSON.stringify({ client, i, text: 'x'.repeat(200) }));
      }),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const total = Number(clients) * Number(perClient);
  console.log(
    `${module}: ${total} appends from ${clients} sessions in ${seconds.toFixed(2)} s ` +
      `= ${(total / seconds).toFixed(0)} appends/s; worst 5 ms-interval lateness ` +
      `quiet ${quiet.toFixed(1)} ms, under the flood ${flood.toFixed(1)} ms ` +
      `(node ${process.version})`,
  );
  await ledger.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
