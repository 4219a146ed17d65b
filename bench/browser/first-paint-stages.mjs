#!/usr/bin/env node
/**
 * Issue 31 item 5: a sandboxed program's first paint, stage by stage (`bench/pages/first-paint-stages.ts`).
 *
 *   SUIP_BENCH_PORT=6295 node bench/browser/first-paint-stages.mjs [--rounds=9]
 *     [--variants=cold,warm,wake-cold,wake-warm]
 *
 * Variants alternate within each round (so load drift hits all of them): `cold`, a renderer with
 * no warm sandbox (`warmSandbox: false`); `second-off` / `second-auto`, a renderer's second attach
 * (its first program still running, 500 ms after it painted) without a warm sandbox and with the
 * default (`'auto'`); `warm`, one whose warm sandbox (`warmSandbox: true`) was given 500 ms to boot
 * before the attach; `wake-cold` / `wake-warm`, the same program attached, shown, hibernated and
 * woken (`renderer.wake`), without and with a warm sandbox (given 2.5 s after the hibernation to
 * be remade fresh). Prints each stage's median (ms after `attach()` or `wake()`), the stages of
 * the slowest round of each variant, and the load average. SUIP_BENCH_CHROMIUM_ARGS adds Chromium
 * flags (e.g. `--disable-features=IsolateSandboxedIframes`, to see what the sandbox process costs).
 */
import { loadavg } from 'node:os';
import { benchArgs } from './bench-args.mjs';
import { openPlainSession } from './browser-session.mjs';

const args = benchArgs();
const ROUNDS = Number(args.rounds ?? 9);
const VARIANTS = (args.variants ?? 'cold,warm,wake-cold,wake-warm').split(',');
const OPTIONS = {
  cold: [{ warmSandbox: false }, 0, false],
  warm: [{ warmSandbox: true }, 500, false],
  'wake-cold': [{ warmSandbox: false }, 500, true],
  'wake-warm': [{ warmSandbox: true }, 2500, true],
  // The renderer's second attach, its first program still running, 500 ms after the first painted.
  'second-off': [{ warmSandbox: false }, 500, false, true],
  'second-auto': [{}, 500, false, true],
};

const session = await openPlainSession({
  extraArgs: (process.env.SUIP_BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
});
const { browser } = session;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${session.base}/bench/pages/first-paint-stages.html`);
  await page.waitForFunction(() => 'firstPaintStages' in window, undefined, { timeout: 60_000 });
  // One unmeasured run: the relay's chunk and the first sandbox process are a page's one-time cost.
  await page.evaluate(() => window.firstPaintStages.run());
  const runs = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  const loads = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of VARIANTS) {
      const [options, settle, wake, second = false] = OPTIONS[variant];
      runs[variant].push(
        await page.evaluate(
          ([o, s, w, n]) => window.firstPaintStages.run(o, s, w, false, n),
          [options, settle, wake, second],
        ),
      );
    }
    loads.push(loadavg()[0]);
  }
  console.log(
    `${ROUNDS} rounds, Chromium ${browser.version()}, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
  );
  const names = [...new Set(VARIANTS.flatMap((v) => runs[v].flatMap((r) => Object.keys(r))))];
  const at = (variant, name) => runs[variant].map((r) => r[name]).filter((x) => x !== undefined);
  names.sort(
    (a, b) =>
      median(at(VARIANTS[0], a).length ? at(VARIANTS[0], a) : at(VARIANTS.at(-1), a)) -
      median(at(VARIANTS[0], b).length ? at(VARIANTS[0], b) : at(VARIANTS.at(-1), b)),
  );
  console.log(`| stage (ms after attach) | ${VARIANTS.join(' | ')} |`);
  console.log(`|---|${VARIANTS.map(() => '---:').join('|')}|`);
  for (const name of names)
    console.log(
      `| ${name} | ${VARIANTS.map((v) => (at(v, name).length ? median(at(v, name)).toFixed(1) : '–')).join(' | ')} |`,
    );
  for (const v of VARIANTS) {
    console.log(
      `${v} painted per round: ${at(v, 'painted')
        .map((x) => x.toFixed(0))
        .join(' ')}`,
    );
    const slowest = runs[v].reduce((a, b) => ((b.painted ?? 0) > (a.painted ?? 0) ? b : a));
    console.log(
      `  slowest: ${Object.entries(slowest)
        .sort((a, b) => a[1] - b[1])
        .map(([k, x]) => `${k} ${x.toFixed(1)}`)
        .join(' · ')}`,
    );
  }
} finally {
  await session.close();
}
