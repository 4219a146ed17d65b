#!/usr/bin/env node
/**
 * The browser half of `npm run bench` (issue 6 cases 1, 2, 3, 5, 6, 7, 8): Playwright drives
 * Debian's Chromium against the bench pages (`bench/pages/`, served by the project's Vite config
 * plus the anchors plugin). `bench/run.mjs` calls `runBrowserBenchmarks`; alone:
 *
 *   node bench/browser/run-browser.mjs [--quick | --nightly] [--filter=<text>] [--rounds=N] [--grid=150/1000,…]
 *
 * Every case runs its variants in interleaved rounds (5 by default, 2 with --quick), each run in a
 * fresh page, so load drift on the shared machine hits suip and its anchors alike; figures are
 * medians over rounds and ratios medians of per-round ratios (`resolveCase` of `bench/report.mjs`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { consoleTable, resolveCase } from '../report.mjs';
import { openBrowserSession } from './browser-session.mjs';
import { browserMarkdown } from './report-browser.mjs';
import { litUpdate } from './cases/lit-update.mjs';
import { soak } from './cases/soak.mjs';
import { longText } from './cases/long-text.mjs';
import { manyStreams } from './cases/many-streams.mjs';
import { tokenStream } from './cases/token-stream.mjs';
import { batching, eventRoundTrip, transportFloor } from './cases/transport.mjs';

/** Every browser case, in the order they run. */
export function browserCases(mode) {
  return [
    transportFloor,
    batching,
    tokenStream(mode),
    manyStreams(mode),
    litUpdate(mode),
    eventRoundTrip,
    longText(mode),
    soak(mode),
  ];
}

/**
 * Run the browser cases; returns `{browser, cases}` with each case shaped like the Node cases'
 * results (`name`, `description`, resolved `rows`, `error`, `wrong`).
 */
export async function runBrowserBenchmarks({
  quick = false,
  nightly = false,
  filter,
  rounds,
  grid,
  log = (line) => process.stderr.write(`${line}\n`),
  onCase,
} = {}) {
  const mode = { quick, nightly, grid };
  // A comma-separated filter picks every case matching any of its parts.
  const parts = filter?.split(',').filter(Boolean);
  const selected = browserCases(mode).filter((c) => parts === undefined || parts.some((part) => c.name.includes(part)));
  if (selected.length === 0) return { browser: undefined, cases: [] };
  const session = await openBrowserSession();
  const out = {
    browser: {
      name: 'Chromium',
      version: session.browserVersion,
      path: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
    },
    cases: [],
  };
  try {
    for (const benchCase of selected) {
      const caseRounds = Math.min(rounds ?? (quick ? 2 : 5), benchCase.maxRounds ?? Number.POSITIVE_INFINITY);
      const result = { name: benchCase.name, description: benchCase.description, rows: [] };
      const perRound = [];
      for (let round = 0; round < caseRounds; round++) {
        const rows = [];
        for (const variant of benchCase.variants) {
          log(`  ${benchCase.name} / ${variant} (round ${round + 1} of ${caseRounds})`);
          try {
            rows.push(...(await benchCase.run(session, variant, mode)));
          } catch (error) {
            // A wrong result fails the case (no timing for it); the other cases still run.
            result.error = `${variant}: ${error instanceof Error ? error.message : String(error)}`;
            result.wrong = Boolean(error?.wrong);
            break;
          }
        }
        if (result.error) break;
        perRound.push(rows);
      }
      result.rows = result.error ? [] : resolveCase(perRound);
      out.cases.push(result);
      console.log(consoleTable(result));
      // The spread behind each compared row's median ratio: one anchor ÷ this per round (kept in the JSON).
      for (const row of result.rows.filter((r) => typeof r.anchor === 'string')) {
        row.roundRatios = perRound.map((rows) => {
          const self = rows.find((r) => r.key === row.key);
          const anchor = rows.find((r) => r.key === row.anchor);
          return self && anchor ? anchor.value / self.value : null;
        });
        console.log(
          `  per round, ${row.anchor} ÷ ${row.key}: ${row.roundRatios.map((r) => (r === null ? 'n/a' : `${r.toFixed(2)}x`)).join(' ')}`,
        );
      }
      onCase?.(out);
    }
  } finally {
    await session.close();
  }
  return out;
}

/** Machine facts for the report. */
export function machineInfo() {
  let cpuModel;
  try {
    cpuModel = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m)?.[1];
  } catch {
    cpuModel = undefined;
  }
  return {
    nproc: os.availableParallelism(),
    cpuModel: cpuModel ?? os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

const START = '<!-- bench:browser:start -->';
const END = '<!-- bench:browser:end -->';

/** Replace (or append) the browser section of `docs/benchmarks.md`. */
export function writeBrowserDocs(results) {
  const docs = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
  const text = readFileSync(docs, 'utf8');
  const body = `${START}\n${browserMarkdown(results)}\n${END}`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  writeFileSync(
    docs,
    from >= 0 && to > from
      ? `${text.slice(0, from)}${body}${text.slice(to + END.length)}`
      : `${text.trimEnd()}\n\n${body}\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const nightly = args.includes('--nightly');
  const filter = args.find((a) => a.startsWith('--filter='))?.slice('--filter='.length);
  const roundsArg = args.find((a) => a.startsWith('--rounds='));
  // Standalone runs keep their JSON out of the tree (`npm run bench` puts it in bench/results.json),
  // rewritten after every case so a long run leaves its figures behind even if it is stopped.
  const out =
    process.env.SUIP_BENCH_OUT ??
    fileURLToPath(new URL('../../node_modules/.cache/suip-bench/results-browser.json', import.meta.url));
  mkdirSync(dirname(out), { recursive: true });
  const started = new Date().toISOString();
  const save = (partial) =>
    writeFileSync(
      out,
      `${JSON.stringify({ date: started, partial: true, machine: machineInfo(), ...partial }, null, 2)}\n`,
    );
  const grid = args.find((a) => a.startsWith('--grid='))?.slice('--grid='.length);
  const ran = await runBrowserBenchmarks({
    quick,
    nightly,
    filter,
    grid,
    rounds: roundsArg ? Number(roundsArg.slice('--rounds='.length)) : undefined,
    onCase: save,
  });
  const results = {
    date: started,
    command: `node bench/browser/run-browser.mjs${args.length ? ` ${args.join(' ')}` : ''}`,
    quick,
    nightly,
    machine: machineInfo(),
    ...ran,
  };
  // --merge=<results-browser.json>: keep that run's figures for the cases not run now (a case that
  // failed because a teammate's change was half-saved can be re-run alone), then write the docs.
  const mergeArg = args.find((a) => a.startsWith('--merge='));
  if (mergeArg) {
    const earlier = JSON.parse(readFileSync(mergeArg.slice('--merge='.length), 'utf8'));
    const now = new Map(results.cases.map((c) => [c.name, c]));
    results.cases = browserCases({ quick, nightly }).flatMap(
      (c) => now.get(c.name) ?? earlier.cases.filter((e) => e.name === c.name),
    );
    results.command = `${earlier.command} (${earlier.date}), then for ${[...now.keys()].join(', ')}: ${results.command}`;
  }
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${out}`);
  if (!quick && (filter === undefined || mergeArg) && !args.includes('--no-docs')) writeBrowserDocs(results);
  if (results.cases.some((c) => c.error)) process.exitCode = 1;
}
