/**
 * The bridge's own share of an A2UI data-model update (docs/benchmarks.md, "Item 2: the bridge's
 * update path and first paint (h-a2ui2)"): for each corpus example, `--updates` writes of its
 * first bound text's pointer, each one `receive` (the message's checks, the data model's write, the
 * dirty mark) and one `translateChange` (the binding index, the re-translation, the splice) — the
 * bridge alone, no generator, renderer or DOM. Prints µs per update (median of the rounds), and
 * with `--cold` the mean of the first `--updates` updates of a fresh bridge per round instead (the
 * browser benches run 20 to 40 updates per surface, where little of the path is optimised yet).
 *
 *   node --import tsx bench/a2ui-bridge-update.ts [--rounds=9] [--updates=2000] [--cold] [--examples=01_flight-status,…]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { A2uiBridge } from '../adapters/a2ui/bridge.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const ROUNDS = Number(args.rounds ?? 9);
const UPDATES = Number(args.updates ?? 2000);
const EXAMPLES: Array<[string, string]> = ([['01_flight-status', '/flightNumber'], ['05_product-card', '/name'], ['25_contact-card', '/name']] as Array<[string, string]>).filter(([name]) => args.examples === undefined || String(args.examples).split(',').includes(name));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function messagesOf(name: string): unknown[] {
  const file = JSON.parse(readFileSync(new URL(`../examples/a2ui/examples/${name}.json`, import.meta.url), 'utf8')) as { messages?: unknown[] } | unknown[];
  return Array.isArray(file) ? file : (file.messages ?? []);
}

/** µs per update of one fresh bridge showing `messages`, over `UPDATES` updates of `pointer`. */
function measure(messages: unknown[], pointer: string): number {
  const bridge = new A2uiBridge({ send: () => undefined, openUrl: () => undefined });
  for (const m of messages) bridge.receive(m);
  const surfaceId = bridge.surfaceIds()[0]!;
  bridge.translate(surfaceId);
  const start = performance.now();
  for (let i = 0; i < UPDATES; i += 1) {
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId, path: pointer, value: `value ${i}` } });
    const { change } = bridge.translateChange(surfaceId);
    if (change === undefined) throw new Error(`${pointer}: the update was not one re-translated instance`);
  }
  return ((performance.now() - start) * 1000) / UPDATES;
}

for (const [name, pointer] of EXAMPLES) {
  const messages = messagesOf(name);
  if (args.cold === undefined) measure(messages, pointer);
  const us: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) us.push(measure(messages, pointer));
  console.log(`${name} ${pointer}: bridge ${median(us).toFixed(2)} µs per update (median of ${ROUNDS} rounds of ${UPDATES}${args.cold === undefined ? '' : ', cold'})`);
}
