/**
 * `node --import tsx bench/first-paint.ts` (part of `npm run bench`): time to first paint in
 * Chromium, medians over rounds in fresh containers, for the same UIs shown three ways: a suip
 * program attached in its sandbox, an A2UI stream through suip's A2UI bridge, and the same stream
 * through `@a2ui/lit` (Google's renderer); then, for the A2UI examples, the cost of an update: a
 * data-model change to a bound text, message to painted frame and host main-thread CPU (CDP's
 * TaskDuration) per update. Rewrites the first-paint section of docs/benchmarks.md.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { boundText, firstText, lastText } from './fixtures/a2ui-probes.mjs';
import { rowListMessages } from './fixtures/a2ui-row-list.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 7);
const corpus = join(root, 'examples/a2ui/examples');
/** Examples whose first text is plain, so "painted" is decided by one string. */
const EXAMPLES = [
  '01_flight-status.json',
  '05_product-card.json',
  '25_contact-card.json',
  '33_financial-data-grid.json',
].filter((f) => readdirSync(corpus).includes(f));
/** A bigger surface than the corpus examples: a bound title over a 200-row template list (the fixture says why). */
const SYNTHETIC: Record<string, unknown[]> = { '200-row-list': rowListMessages(200) };
const PROGRAM = `const { group, render } = suip;
render(group('card', [['title', 'Flight status'], ['body', 'On time, gate B12'], ['go', group('button', [['label', 'Track']], { on: { click: () => {} } })]]));`;

const server = await createServer({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'silent',
  server: { port: 0, host: '127.0.0.1' },
});
await server.listen();
const address = server.httpServer!.address() as { port: number };
const browser = await chromium.launch({
  executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** The median of per-round ratios a[i] ÷ b[i] (rounds interleave both, so load drift cancels per round). */
const ratio = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!));
/** Updates per round in the update measurement (each waits for its painted frame). */
const UPDATES = 20;

try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;
  // A cold dev server compiles the page on this first request: at load 30 that took over 30 s.
  await page.goto(`http://127.0.0.1:${address.port}/bench/pages/first-paint.html`, { timeout: 180_000 });
  await page.waitForFunction(() => 'firstPaint' in window, undefined, { timeout: 60_000 });
  const rows: string[] = [];
  const updates: string[] = [];
  const program: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1)
    program.push(
      await page.evaluate(
        ([code]) =>
          (
            window as unknown as { firstPaint: { suipProgram(c: string, e: string): Promise<number> } }
          ).firstPaint.suipProgram(code!, 'On time, gate B12'),
        [PROGRAM],
      ),
    );
  rows.push(`| suip program, attached in a new sandbox (iframe + Worker) | ${median(program).toFixed(1)} ms | — |`);
  for (const file of [...EXAMPLES, ...Object.keys(SYNTHETIC)]) {
    const messages =
      SYNTHETIC[file] ?? (JSON.parse(readFileSync(join(corpus, file), 'utf8')) as { messages: unknown[] }).messages;
    const expect = firstText(messages);
    const suip: number[] = [];
    const lit: number[] = [];
    // Interleaved rounds, so load drift on the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      suip.push(
        await page.evaluate(
          ([m, e]) =>
            (
              window as unknown as { firstPaint: { suipA2ui(m: unknown, e: string): Promise<number> } }
            ).firstPaint.suipA2ui(m, e as string),
          [messages, expect] as const,
        ),
      );
      lit.push(
        await page.evaluate(
          ([m, e]) =>
            (
              window as unknown as { firstPaint: { a2uiLit(m: unknown, e: string): Promise<number> } }
            ).firstPaint.a2uiLit(m, e as string),
          [messages, expect] as const,
        ),
      );
    }
    rows.push(
      `| ${file.replace('.json', '')}: suip's A2UI bridge / @a2ui/lit | ${median(suip).toFixed(1)} ms / ${median(lit).toFixed(1)} ms | ${ratio(suip, lit).toFixed(2)}x |`,
    );
    const bound = boundText(messages);
    if (bound === undefined) continue;
    const { surfaceId, path } = bound;
    const paint = { suip: [] as number[], lit: [] as number[] };
    const cpu = { suip: [] as number[], lit: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kind of ['suip', 'lit'] as const) {
        // Resolves once the surface is wholly built (the list's last row painted), not at its first paint.
        await page.evaluate(
          ([k, m, e, l]) =>
            (
              window as unknown as {
                firstPaint: { mountA2ui(k: string, m: unknown, e: string, l?: string): Promise<void> };
              }
            ).firstPaint.mountA2ui(k as string, m, e as string, l ?? undefined),
          [kind, messages, expect, lastText(messages)] as const,
        );
        const before = await taskSeconds();
        paint[kind].push(
          await page.evaluate(
            ([s, p, n]) =>
              (
                window as unknown as { firstPaint: { updateA2ui(s: string, p: string, n: number): Promise<number> } }
              ).firstPaint.updateA2ui(s as string, p as string, n as number),
            [surfaceId, path, UPDATES] as const,
          ),
        );
        cpu[kind].push((((await taskSeconds()) - before) * 1000) / UPDATES);
      }
    }
    updates.push(
      `| ${file.replace('.json', '')}: \`${path}\` | ${median(paint.suip).toFixed(1)} / ${median(paint.lit).toFixed(1)} ms | ${median(cpu.suip).toFixed(2)} / ${median(cpu.lit).toFixed(2)} ms | ${ratio(cpu.suip, cpu.lit).toFixed(2)}x |`,
    );
  }
  const table = [
    '| what is shown | first paint (median of ' + ROUNDS + ') | suip ÷ @a2ui/lit (median of per-round ratios) |',
    '|---|---|---|',
    ...rows,
    '',
    `Updates: ${UPDATES} data-model changes of one bound text per round, each awaited to its painted frame (medians over ${ROUNDS} rounds).`,
    '',
    '| example: bound path | message → paint, suip / @a2ui/lit | host CPU per update (CDP TaskDuration), suip / ' +
      '@a2ui/lit | CPU suip ÷ @a2ui/lit (median of per-round ratios) |',
    '|---|---|---|---|',
    ...updates,
  ].join('\n');
  console.log(table);
  const doc = join(root, 'docs/benchmarks.md');
  const START = '<!-- first-paint:start -->';
  const END = '<!-- first-paint:end -->';
  const text = readFileSync(doc, 'utf8');
  const section = `${START}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`node --import tsx bench/first-paint.ts\` (part of \`npm run bench\`), Chromium ${browser.version()}: from "show this" to the first painted frame holding the UI's first text, in a fresh container each round.\n\n${table}\n\n${END}`;
  writeFileSync(
    doc,
    text.includes(START)
      ? text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section)
      : `${text.trimEnd()}\n\n## Time to first paint\n\n${section}\n`,
  );
} finally {
  await browser.close();
  await server.close();
}
