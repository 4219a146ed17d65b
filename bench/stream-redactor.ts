/**
 * `node --import tsx bench/stream-redactor.ts [rounds=5]`: what the stream redactor
 * (`shared/redact.ts`, one Aho–Corasick automaton over every registered secret's forms) costs per
 * streamed chunk with 1, 16 and 256 secrets registered, on two texts of 512 KiB cut into 24-character
 * deltas: model prose, and a hostile text that keeps a partial match in progress at every character
 * (every secret shares the prefix `sk-live-`, the text repeats it). Prints per-round medians in µs
 * per chunk and the ratio to one secret: the cost per chunk must not grow with the number of
 * secrets (a scan per secret did: O(window × secrets) per chunk).
 */
import { randomBytes } from 'node:crypto';
import { clearSecretsForTests, createStreamRedactor, registerSecret } from '../shared/redact.ts';

const ROUNDS = Number(process.argv[2] ?? 5);
const TEXT_CHARS = 512 * 1024;
const CHUNK = 24;
const prose =
  'The quarter closed with revenue up 4% and churn down; the sk- prefix marks keys, ' +
  'and %20 & &amp; \\u escapes appear. ';
const TEXTS: Record<string, string> = {
  prose: prose.repeat(Math.ceil(TEXT_CHARS / prose.length)).slice(0, TEXT_CHARS),
  hostile: 'sk-live-'.repeat(TEXT_CHARS / 8),
};

/** µs per chunk to stream `text` through a redactor with `count` secrets registered. */
function perChunk(text: string, count: number): number {
  clearSecretsForTests();
  for (let i = 0; i < count; i += 1) registerSecret(`sk-live-${randomBytes(18).toString('base64url')}`);
  const stream = createStreamRedactor();
  const start = performance.now();
  let out = 0;
  for (let at = 0; at < text.length; at += CHUNK) out += stream.push(text.slice(at, at + CHUNK)).length;
  out += stream.end().length;
  const elapsed = performance.now() - start;
  if (out !== text.length) throw new Error(`the redactor changed text holding no secret (${out} of ${text.length})`);
  return (elapsed * 1000) / Math.ceil(text.length / CHUNK);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`| text | secrets | µs per ${CHUNK}-char chunk (median of ${ROUNDS}) | ÷ 1 secret |\n|---|---|---|---|`);
for (const [name, text] of Object.entries(TEXTS)) {
  const rounds = new Map<number, number[]>([
    [1, []],
    [16, []],
    [256, []],
  ]);
  // Interleaved rounds: load drift hits every count alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [count, times] of rounds) times.push(perChunk(text, count));
  }
  const one = median(rounds.get(1)!);
  for (const [count, times] of rounds) {
    const mid = median(times);
    console.log(`| ${name} | ${count} | ${mid.toFixed(2)} | ${(mid / one).toFixed(2)}x |`);
  }
}
