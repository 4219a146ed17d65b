#!/usr/bin/env node
/**
 * `npm run bench [-- --quick | --nightly] [-- --filter=<text>] [-- --rounds=N] [-- --no-docs] [-- --no-browser]`
 *
 * Bundles the TypeScript benchmark entry (`bench/child.ts` and the cases it lists) for Node with
 * Vite's build API — no TS loader needed, only the installed dev dependencies — then runs every
 * variant of every case in its own Node process, one after the other (the machines have 2 shared
 * cores), in interleaved rounds (3 by default, 1 with --quick) so load drift hits every variant,
 * collects their rows, computes ratios against the anchors and checks the targets.
 * Writes `bench/results.json` and, for a full run with every case, the results section of
 * `docs/benchmarks.md`. Exits 1 when a benchmark failed or produced a wrong result.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { consoleTable, markdownReport, resolveCase } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// A folder of its own: emptyOutDir clears it, and the browser cases keep files in .cache/suip-bench/.
const outDir = fileURLToPath(new URL('../node_modules/.cache/suip-bench/node/', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const filter = args.find((a) => a.startsWith('--filter='))?.slice('--filter='.length);
const writeDocs = !args.includes('--no-docs') && !quick && filter === undefined;

await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    ssr: 'bench/child.ts',
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'child.mjs' } },
  },
});
const child = `${outDir}child.mjs`;

function runChild(childArgs) {
  const result = spawnSync(process.execPath, ['--expose-gc', child, ...childArgs], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return { ok: false, error: `process exited ${result.status}: ${result.stderr || result.stdout}`.trim() };
  }
}

const cases = runChild(['--list']);
if (!Array.isArray(cases)) throw new Error(`could not list the benchmark cases: ${cases.error}`);

const cpuInfo = (() => {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1];
  } catch {
    return undefined;
  }
})();
const results = {
  date: new Date().toISOString(),
  command: `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
  quick,
  loadAverage: os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' '),
  machine: {
    nproc: os.availableParallelism(),
    cpus: os.cpus().length,
    cpuModel: cpuInfo ?? os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  },
  cases: [],
};

const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice('--rounds='.length) ?? (quick ? 1 : 3));
let failed = false;
for (const { name, description, variants, maxRounds } of cases) {
  if (filter !== undefined && !name.includes(filter)) continue;
  const caseResult = { name, description, rows: [] };
  const perRound = [];
  const caseRounds = Math.min(rounds, maxRounds ?? rounds);
  rounds: for (let round = 0; round < caseRounds; round++) {
    const rows = [];
    for (const variant of variants) {
      process.stderr.write(`  ${name} / ${variant} (round ${round + 1} of ${caseRounds})\n`);
      const out = runChild([name, variant, ...(quick ? ['--quick'] : [])]);
      if (!out.ok) {
        failed = true;
        caseResult.error = `${variant}: ${out.error}`;
        caseResult.wrong = Boolean(out.wrong);
        break rounds;
      }
      rows.push(...out.rows);
    }
    perRound.push(rows);
  }
  caseResult.rows = caseResult.error ? [] : resolveCase(perRound);
  results.cases.push(caseResult);
  console.log(consoleTable(caseResult));
}

writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `\nwrote bench/results.json (${results.machine.cpuModel}, nproc ${results.machine.nproc}, Node ${results.machine.node})`,
);

if (writeDocs) {
  const docs = new URL('../docs/benchmarks.md', import.meta.url);
  const text = readFileSync(docs, 'utf8');
  const start = '<!-- bench:results:start -->';
  const end = '<!-- bench:results:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error('docs/benchmarks.md lacks the bench:results markers');
  writeFileSync(docs, `${text.slice(0, from + start.length)}\n${markdownReport(results)}\n${text.slice(to)}`);
  console.log('updated the results section of docs/benchmarks.md');
}
// Browser cases (issue 6: Playwright + Chromium) live in bench/browser/ and write their own
// section of docs/benchmarks.md; --no-browser skips them.
if (!args.includes('--no-browser')) {
  const { runBrowserBenchmarks, writeBrowserDocs } = await import('./browser/run-browser.mjs');
  const explicitRounds = args.some((a) => a.startsWith('--rounds=')) ? rounds : undefined;
  const browser = await runBrowserBenchmarks({
    quick,
    nightly: args.includes('--nightly'),
    filter,
    rounds: explicitRounds,
  });
  if (browser.cases.length > 0) {
    results.browser = browser.browser;
    results.cases.push(...browser.cases);
    if (browser.cases.some((c) => c.error)) failed = true;
    writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
    if (writeDocs) writeBrowserDocs({ ...results, cases: browser.cases });
  }
}
if (failed) process.exitCode = 1;
