/**
 * `node --import tsx bench/progressive.ts [--rounds=N]`: time to first paint from the first token,
 * and the host's main-thread CPU, for UI a model writes at 50 tokens/s (4 characters a token, the
 * usual English average), shown progressively vs after the whole answer. Two cases: a 4,000-
 * character suip program (prefix runs with adopt, issue 17) and a streamed A2UI JSONL answer
 * (units as they close, text as it streams). Everything on 127.0.0.1: a Vite server for the
 * page, the scripted OpenAI-compatible model server, and a slow JSONL server. Chromium at
 * /usr/bin/chromium (or SUIP_CHROMIUM). Rewrites the figures section of docs/streaming.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { createServer } from 'vite';
import { startFakeLlmServer } from '../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { dashboardJsonl } from '../e2e/fixtures/streaming/a2ui-dashboard.ts';
import type { ProgressiveBenchHost, Timing } from '../e2e/fixtures/streaming/program.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Math.min(5, Math.max(1, Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 1)));
const CHARS_PER_TOKEN = 4;
const TOKENS_PER_SECOND = 50;
const DELAY_MS = 1000 / TOKENS_PER_SECOND;

/** A program of about 4,000 characters that renders early and grows (what the prompt asks models to do). */
function program(): string {
  const head = [
    'const { render, group } = suip;',
    'const notes = [];',
    "const view = () => group('card', [['title', 'Release notes'], ['items', group('list', notes.map((note, i) => " +
      '[`n${i}`, note]))]]);',
    'render(view());',
  ];
  const lines = [...head];
  for (let i = 0; lines.join('\n').length < 3950; i += 1)
    lines.push(
      `notes.push('Change ${i + 1}: the renderer keeps focus and caret when item ${i + 1} of the list moves.');`,
      'render(view());',
    );
  return `${lines.join('\n')}\n`;
}

/** A JSONL server that writes `text` a token at a time. */
async function slowJsonl(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/jsonl',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    res.flushHeaders();
    void (async () => {
      for (let at = 0; at < text.length && !res.destroyed; at += CHARS_PER_TOKEN) {
        res.write(text.slice(at, at + CHARS_PER_TOKEN));
        await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      }
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer.jsonl`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const code = program();
const jsonl = dashboardJsonl();
const vite = await createServer({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'silent',
  server: { port: 0, host: '127.0.0.1' },
});
await vite.listen();
const llm = await startFakeLlmServer(() => `Here is the page:\n\n\`\`\`js\n${code}\`\`\`\n`, {
  chunkChars: CHARS_PER_TOKEN,
  chunkDelayMs: DELAY_MS,
});
const agent = await slowJsonl(jsonl);
const browser = await chromium.launch({
  executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
// A hard bound: a stuck run ends the bench instead of hanging it.
const watchdog = setTimeout(() => {
  console.error('bench/progressive: over 15 minutes, giving up');
  process.exit(2);
}, 15 * 60_000);

/** One run with the page's main-thread CPU (CDP ThreadTime) over it. */
async function measure(page: Page, run: () => Promise<Timing>): Promise<Timing & { cpu: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () =>
    ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  const before = await threadTime();
  const timing = await run();
  const cpu = (await threadTime()) - before;
  await cdp.detach();
  return { ...timing, cpu };
}

try {
  const page = await browser.newPage();
  await page.goto(
    `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}/e2e/fixtures/streaming/program.html`,
  );
  await page.waitForFunction(() => 'progressiveBench' in window, undefined, { timeout: 60_000 });
  const bench = await page.evaluateHandle(
    () => (window as unknown as { progressiveBench: ProgressiveBenchHost }).progressiveBench,
  );
  const cases = [
    {
      name: `suip program, ${code.length} characters`,
      run: (progressive: boolean) =>
        bench.evaluate((b, [url, p]) => b.program(url as string, p as boolean, 'Release notes'), [
          llm.baseUrl,
          progressive,
        ] as const),
    },
    {
      name: `A2UI JSONL answer, ${jsonl.length} characters`,
      run: (progressive: boolean) =>
        bench.evaluate((b, [url, p]) => b.a2ui(url as string, p as boolean, 'Weather this week'), [
          agent.url,
          progressive,
        ] as const),
    },
  ];
  const rows: string[] = [];
  for (const c of cases) {
    const results: Record<'progressive' | 'whole', Array<Timing & { cpu: number }>> = { progressive: [], whole: [] };
    // Interleaved, so load drift on the shared machine hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      results.progressive.push(await measure(page, () => c.run(true)));
      results.whole.push(await measure(page, () => c.run(false)));
    }
    const fp = (k: 'progressive' | 'whole') => median(results[k].map((r) => r.firstPaint));
    const cpu = (k: 'progressive' | 'whole') => median(results[k].map((r) => r.cpu));
    const done = (k: 'progressive' | 'whole') => median(results[k].map((r) => r.done));
    rows.push(
      `| ${c.name} | ${fp('progressive').toFixed(0)} ms | ${fp('whole').toFixed(0)} ms | **${(fp('whole') / fp('progressive')).toFixed(1)}x** sooner | ${cpu('progressive').toFixed(0)} ms | ${cpu('whole').toFixed(0)} ms | ${(cpu('progressive') / cpu('whole')).toFixed(2)}x | ${(done('progressive') / 1000).toFixed(1)} s / ${(done('whole') / 1000).toFixed(1)} s |`,
    );
    console.log(rows.at(-1));
  }
  const table = [
    `| ${TOKENS_PER_SECOND} tok/s (${CHARS_PER_TOKEN} characters a token) | first paint, progressive | first paint, wait for complete | ratio | host CPU, progressive | host CPU, wait | CPU ratio | done (progressive / wait) |`,
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const doc = join(root, 'docs/streaming.md');
  const START = '<!-- progressive-bench:start -->';
  const END = '<!-- progressive-bench:end -->';
  const text = readFileSync(doc, 'utf8');
  const section = `${START}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`node --import tsx bench/progressive.ts --rounds=${ROUNDS}\` (median of ${ROUNDS}), Chromium ${browser.version()}, on a shared 2-core machine. First paint is counted from the first token the page receives to the first frame that shows the UI's first text; host CPU is the page's main-thread CPU time (CDP ThreadTime) over the whole answer, sandbox Workers not included.\n\n${table}\n\n${END}`;
  writeFileSync(
    doc,
    text.includes(START)
      ? text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section)
      : `${text.trimEnd()}\n\n${section}\n`,
  );
} finally {
  clearTimeout(watchdog);
  await browser.close();
  await agent.close();
  await llm.close();
  await vite.close();
}
