/**
 * The generator's share of an A2UI data-model update, with and without direct ops (docs/benchmarks.md,
 * "Item 2: the bridge's direct ops"): one surface per corpus example on the headless renderer
 * (the real session, tree and vocabulary check, in-page lane, no DOM), then `--updates` writes of
 * its first bound text's pointer, each received and settled; the two clients alternate in every
 * round so load drift hits both alike. Prints ms per update (median of the rounds) and the ratio.
 *
 *   node --import tsx bench/a2ui-direct-ops.ts [--rounds=7] [--updates=500]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createA2uiClient } from '../adapters/a2ui/client.ts';
import { headlessTarget } from '../adapters/a2ui/testing/headless-target.ts';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const ROUNDS = Number(args.rounds ?? 7);
const UPDATES = Number(args.updates ?? 500);
const EXAMPLES: Array<[string, string]> = [
  ['01_flight-status', '/flightNumber'],
  ['05_product-card', '/name'],
  ['25_contact-card', '/name'],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(messages: unknown[], pointer: string, directOps: boolean): Promise<number> {
  const client = createA2uiClient(headlessTarget(), { send: () => undefined, openUrl: () => undefined, directOps });
  for (const m of messages) client.receive(m);
  await client.settle();
  const surfaceId = client.bridge.surfaceIds()[0]!;
  const start = performance.now();
  for (let i = 0; i < UPDATES; i += 1) {
    client.receive({ version: 'v0.9', updateDataModel: { surfaceId, path: pointer, value: `value ${i}` } });
    await client.settle();
  }
  const ms = (performance.now() - start) / UPDATES;
  await client.close();
  return ms;
}

for (const [name, pointer] of EXAMPLES) {
  const file = JSON.parse(readFileSync(new URL(`../examples/a2ui/examples/${name}.json`, import.meta.url), 'utf8')) as
    { messages?: unknown[] } | unknown[];
  const messages = Array.isArray(file) ? file : (file.messages ?? []);
  const whole: number[] = [];
  const direct: number[] = [];
  await measure(messages, pointer, true);
  for (let r = 0; r < ROUNDS; r += 1) {
    whole.push(await measure(messages, pointer, false));
    direct.push(await measure(messages, pointer, true));
  }
  console.log(
    `${name} ${pointer}: whole render ${median(whole).toFixed(4)} ms, direct ops ${median(direct).toFixed(4)} ms per update, direct ÷ whole ${(median(direct) / median(whole)).toFixed(2)}`,
  );
}
