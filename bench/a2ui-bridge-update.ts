/**
 * The bridge's own share of an A2UI data-model update (docs/benchmarks.md, "Item 2: the bridge's
 * update path and first paint (h-a2ui2)"): for each corpus example, `--updates` writes of its
 * first bound text's pointer, each one `receive` (the message's checks, the data model's write, the
 * dirty mark) and one `translateChange` (the binding index, the re-translation, the splice) — the
 * bridge alone, no generator, renderer or DOM — beside `@a2ui/lit`'s own stage on the same messages
 * (issue 43): its `MessageProcessor` (`@a2ui/web_core`, which `@a2ui/lit` renders from) receiving
 * the same update, its data model written and its signals notified, no DOM either. Figures are
 * process CPU time (`process.cpuUsage`), not wall clock, medians of rounds alternating the sides,
 * and ratios medians of per-round ratios. With `--whole`, the bridge's share of a first
 * paint instead: a fresh bridge receiving the example's messages and translating the surface whole.
 *
 * The bridge is bundled by esbuild first (it comes with Vite; not a direct dependency): tsx wraps
 * every function it compiles in a `__name` call, which would inflate the closures the walk makes. With `--base=DIR`
 * (a checkout of another
 * commit, e.g. `git archive main | tar -x -C DIR`) that tree's bridge is bundled too and the two
 * alternate round by round in this one process, so load drift hits both alike; the line then gives
 * the median of the per-round ratios (this ÷ base).
 *
 *   node --import tsx bench/a2ui-bridge-update.ts [--rounds=31] [--updates=500] [--whole]
 *     [--base=/tmp/base] [--examples=01_flight-status,…]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Catalog, MessageProcessor } from '@a2ui/web_core/v0_9';
import { build } from 'esbuild';
import type { A2uiBridge } from '../adapters/a2ui/bridge.ts';

type BridgeClass = new (options: { send(): void; openUrl(): void }) => A2uiBridge;

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const ROUNDS = Number(args.rounds ?? 31);
const WHOLE = args.whole !== undefined;
const UPDATES = Number(args.updates ?? (WHOLE ? 200 : 500));
const ALL: Array<[string, string]> = [
  ['01_flight-status', '/flightNumber'],
  ['05_product-card', '/name'],
  ['25_contact-card', '/name'],
  ['33_financial-data-grid', ''],
];
const EXAMPLES = ALL.filter(
  ([name, pointer]) =>
    (WHOLE || pointer !== '') && (args.examples === undefined || String(args.examples).split(',').includes(name)),
);
const root = fileURLToPath(new URL('..', import.meta.url));

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Process CPU time (user + system) in µs: what the host pays, whatever else runs on the machine. */
const cpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** The catalog the corpus examples name; `@a2ui/lit`'s components are not needed without a DOM. */
const BASIC_CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** µs of CPU per update (or per whole processing) of `@a2ui/lit`'s message processor on `messages`. */
function measureLit(messages: unknown[], pointer: string): number {
  const processor = (): MessageProcessor<never> =>
    new MessageProcessor([new Catalog(BASIC_CATALOG, [])]) as MessageProcessor<never>;
  const surfaceId = (
    messages.find((m) => (m as { createSurface?: unknown }).createSurface) as { createSurface: { surfaceId: string } }
  ).createSurface.surfaceId;
  if (WHOLE) {
    const start = cpuMicros();
    for (let i = 0; i < UPDATES; i += 1) processor().processMessages(messages as never);
    return (cpuMicros() - start) / UPDATES;
  }
  const one = processor();
  one.processMessages(messages as never);
  const start = cpuMicros();
  for (let i = 0; i < UPDATES; i += 1)
    one.processMessages([
      { version: 'v0.9', updateDataModel: { surfaceId, path: pointer, value: `value ${i}` } },
    ] as never);
  return (cpuMicros() - start) / UPDATES;
}

/** The A2uiBridge class of the tree at `dir`, bundled by esbuild (no tsx wrappers). */
async function bundled(dir: string, out: string, name: string): Promise<BridgeClass> {
  const file = join(out, `${name}.mjs`);
  await build({
    entryPoints: [join(dir, 'adapters/a2ui/bridge.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    logLevel: 'warning',
  });
  return ((await import(pathToFileURL(file).href)) as { A2uiBridge: BridgeClass }).A2uiBridge;
}

function messagesOf(name: string): unknown[] {
  const file = JSON.parse(readFileSync(join(root, `examples/a2ui/examples/${name}.json`), 'utf8')) as
    { messages?: unknown[] } | unknown[];
  return Array.isArray(file) ? file : (file.messages ?? []);
}

/** µs per update (or per whole translation) of one bridge class on `messages`. */
function measure(Bridge: BridgeClass, messages: unknown[], pointer: string): number {
  if (WHOLE) {
    const start = cpuMicros();
    for (let i = 0; i < UPDATES; i += 1) {
      const bridge = new Bridge({ send: () => undefined, openUrl: () => undefined });
      for (const m of messages) bridge.receive(m);
      bridge.translate(bridge.surfaceIds()[0]!);
    }
    return (cpuMicros() - start) / UPDATES;
  }
  const bridge = new Bridge({ send: () => undefined, openUrl: () => undefined });
  for (const m of messages) bridge.receive(m);
  const surfaceId = bridge.surfaceIds()[0]!;
  bridge.translate(surfaceId);
  const start = cpuMicros();
  for (let i = 0; i < UPDATES; i += 1) {
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId, path: pointer, value: `value ${i}` } });
    if (bridge.translateChange(surfaceId).change === undefined)
      throw new Error(`${pointer}: the update was not one re-translated instance`);
  }
  return (cpuMicros() - start) / UPDATES;
}

const out = mkdtempSync(join(tmpdir(), 'a2ui-bridge-'));
try {
  const sides: Array<[string, BridgeClass]> = [['this', await bundled(root, out, 'this')]];
  if (args.base !== undefined) sides.push(['base', await bundled(String(args.base), out, 'base')]);
  const what = WHOLE ? 'receive + whole translation' : 'bridge stage per update';
  for (const [name, pointer] of EXAMPLES) {
    const messages = messagesOf(name);
    const runners: Array<[string, () => number]> = [
      ...sides.map(([side, Bridge]) => [side, () => measure(Bridge, messages, pointer)] as [string, () => number]),
      ['lit', () => measureLit(messages, pointer)],
    ];
    const times = new Map<string, number[]>(runners.map(([side]) => [side, []]));
    for (const [, run] of runners) run();
    for (let r = 0; r < ROUNDS; r += 1) {
      // Alternate the order, so no side always runs right after a warm-up or a GC.
      for (const [side, run] of r % 2 === 0 ? runners : [...runners].reverse()) times.get(side)!.push(run());
    }
    const mine = times.get('this')!;
    const per = (other: number[]) => median(mine.map((t, i) => t / other[i]!)).toFixed(2);
    const lit = times.get('lit')!;
    const base = times.get('base');
    const ratio = base === undefined ? '' : `, base ${median(base).toFixed(2)} µs, this ÷ base ${per(base)}`;
    console.log(
      `${name}${WHOLE ? '' : ` ${pointer}`}: ${what} ${median(mine).toFixed(2)} µs CPU, @a2ui/lit's processor ${median(lit).toFixed(2)} µs, suip ÷ lit ${per(lit)}${ratio} (medians of ${ROUNDS} rounds of ${UPDATES}, ratios per round)`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
