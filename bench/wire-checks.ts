/**
 * `node --import tsx bench/wire-checks.ts`: what the renderer's ahead-of-time checks
 * (`shared/wire-checks.ts`, closures over generated schema data) cost against TypeBox's
 * run-time compiled checks (`compile()`, `new Function`), per call, on the values the per-token
 * path checks most: a text append's params and a group. Prints per-round medians and their ratio;
 * both run in one process, interleaved, so the ratio holds under load.
 */
import { WIRE_SCHEMAS } from '../generator/build/wire-schemas.ts';
import { compile } from '../shared/check.ts';
import { precompiled } from '../shared/compact-schema.ts';
import { WIRE_SCHEMAS as GENERATED } from '../shared/wire-schemas.generated.ts';

const CALLS = 200_000;
const ROUNDS = 7;
const CASES: [keyof typeof GENERATED, unknown][] = [
  ['AppendTextParams', { path: ['list', 'item-1'], text: ' more' }],
  ['AppendParams', { path: ['list', 'item-1'], text: ' more' }],
  [
    'GroupShallow',
    {
      group: [
        ['a', {}],
        ['b', {}],
      ],
      type: 'card',
      on: { click: { handler: 'h1' } },
    },
  ],
];

const perCall = (run: () => void) => {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) run();
  return ((performance.now() - start) * 1000) / CALLS;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log('| schema | TypeBox compile() µs/call | ahead of time µs/call | ratio |\n|---|---|---|---|');
for (const [name, value] of CASES) {
  const typebox = compile(WIRE_SCHEMAS[name]);
  const aot = precompiled(GENERATED[name]);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(perCall(() => typebox.firstError(value)));
    b.push(perCall(() => aot.firstError(value)));
  }
  console.log(
    `| ${name} | ${median(a).toFixed(3)} | ${median(b).toFixed(3)} | ${(median(b) / median(a)).toFixed(1)}x |`,
  );
}
