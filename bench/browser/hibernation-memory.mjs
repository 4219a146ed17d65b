#!/usr/bin/env node
/**
 * Issue 31 item 5: what 100 answers cost a page, running or hibernated, and how fast a hibernated
 * one answers a click.
 *
 *   node bench/browser/hibernation-memory.mjs [--programs=100] [--rounds=3] [--wakes=20] [--gap=0]
 *     [--variants=empty,live,hibernated,hibernated+warm] (also `live-off`, `hibernated-off`,
 *     `empty+warm`: `-off` is `warmSandbox: false`, `+warm` is `true`, neither the default `'auto'`)
 *
 * Each variant runs in a fresh Chromium (Debian's, the flags of the browser benchmarks) against
 * `bench/pages/hibernation.html` on a Vite dev server (127.0.0.1, port 0): the empty page (a
 * renderer, nothing attached), N live programs (each a card its program updates once a second), and
 * N programs each hibernated once on screen, and the same with a warm sandbox kept ready
 * (`warmSandbox: true`). Wakes are `--gap` ms apart (a user reading between two clicks; 0: back
 * to back, when no warm frame can be remade in between). Memory is the whole browser's: the proportional set
 * size (PSS, shared pages split between the processes that map them) and the resident set size
 * (RSS) summed over every process of the Chromium tree, read from /proc after the page's garbage
 * was collected. Variants alternate within each round, so load drift hits all of them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { CHROMIUM_ARGS } from './browser-session.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PROGRAMS = arg('programs', 100);
const ROUNDS = arg('rounds', 3);
const WAKES = arg('wakes', 20);
const GAP = arg('gap', 0);
/** `-off`: `warmSandbox: false`; `+warm`: `true`; neither: the default (`'auto'`). */
const VARIANTS = (
  process.argv.find((a) => a.startsWith('--variants='))?.split('=')[1] ?? 'empty,live,hibernated,hibernated+warm'
).split(',');

/** Every descendant of `pid` (and itself), from /proc's parent links. */
function processTree(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we read.
    }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (!tree.has(parent) || tree.has(child)) continue;
      tree.add(child);
      grew = true;
    }
  }
  return [...tree];
}

/** PSS and RSS (MB) summed over the Chromium process tree. */
function memory(pid) {
  let pss = 0;
  let rss = 0;
  for (const p of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8');
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return { pss: pss / 1024, rss: rss / 1024 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(base, variant) {
  const server = await chromium.launchServer({
    executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const browser = await chromium.connect(server.wsEndpoint());
  try {
    const page = await browser.newPage();
    // The warm variant keeps one fresh frame ready (counted in its memory).
    await page.goto(
      `${base}/bench/pages/hibernation.html${variant.endsWith('+warm') ? '?warm=1' : variant.endsWith('-off') ? '?warm=0' : ''}`,
    );
    await page.waitForFunction(() => window.bench !== undefined, undefined, { timeout: 60_000 });
    const attachMs = variant.startsWith('empty')
      ? undefined
      : await page.evaluate(([n, h]) => window.bench.attach(n, h), [PROGRAMS, variant.startsWith('hibernated')]);
    const frames = await page.evaluate(() => window.bench.frames());
    await settle(2000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await settle(500);
    const mem = memory(server.process().pid);
    const wakes = variant.startsWith('hibernated')
      ? await page.evaluate((n) => window.bench.wake(...n), [WAKES, GAP])
      : undefined;
    return { variant, attachMs, frames, ...mem, wakes };
  } finally {
    await browser.close();
    await server.close();
  }
}

process.env.NODE_ENV = 'production';
const vite = await createServer({
  root: ROOT,
  mode: 'production',
  configFile: `${ROOT}/vite.config.ts`,
  logLevel: 'error',
  cacheDir: `${ROOT}/node_modules/.cache/suip-bench/vite-hibernation`,
  server: { port: 0, host: '127.0.0.1', hmr: false },
});
await vite.listen();
const base = vite.resolvedUrls.local[0].replace(/\/$/, '');
try {
  await run(base, 'empty'); // warm-up: Vite bundles the page and the sandbox scripts on first load
  const results = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of ['empty', ...VARIANTS.filter((v) => v !== 'empty')]) {
      const result = await run(base, variant);
      process.stderr.write(
        `round ${round + 1} ${variant} (load ${loadavg()[0].toFixed(1)}): PSS ${result.pss.toFixed(0)} MB, RSS ${result.rss.toFixed(0)} MB, frames ${result.frames}${result.attachMs !== undefined ? `, attach median ${result.attachMs.toFixed(0)} ms` : ''}${result.wakes ? `, wake median ${median(result.wakes).toFixed(0)} ms p95 ${percentile(result.wakes, 95).toFixed(0)} ms` : ''}\n`,
      );
      results.push({ round, ...result });
    }
  }
  const of = (variant, key) =>
    median(results.filter((r) => r.variant === variant && r[key] !== undefined).map((r) => r[key]));
  const above = (variant, key) =>
    median(
      [...Array(ROUNDS).keys()].map(
        (round) =>
          results.find((r) => r.round === round && r.variant === variant)[key] -
          results.find((r) => r.round === round && r.variant === 'empty')[key],
      ),
    );
  console.log(
    `${PROGRAMS} programs, ${ROUNDS} rounds (median), wakes ${GAP} ms apart, load average now ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; empty page PSS ${of('empty', 'pss').toFixed(0)} MB, RSS ${of('empty', 'rss').toFixed(0)} MB`,
  );
  for (const variant of VARIANTS.filter((v) => v !== 'empty')) {
    const wakes = results.filter((r) => r.variant === variant).flatMap((r) => r.wakes ?? []);
    const wake =
      wakes.length > 0
        ? `; wake (click → woken answer's new count painted), ${wakes.length} wakes: median ${median(wakes).toFixed(0)} ms, p95 ${percentile(wakes, 95).toFixed(0)} ms, max ${Math.max(...wakes).toFixed(0)} ms (p10/25/50/75/90/95/99: ${[10, 25, 50, 75, 90, 95, 99].map((p) => percentile(wakes, p).toFixed(0)).join(' / ')})`
        : '';
    console.log(
      `${variant}: RSS +${above(variant, 'rss').toFixed(0)} MB, PSS +${above(variant, 'pss').toFixed(0)} MB above the empty page; attach median ${of(variant, 'attachMs')?.toFixed(0) ?? '–'} ms${wake}`,
    );
  }
} finally {
  await vite.close();
}
