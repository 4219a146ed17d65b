/**
 * `node --import tsx bench/ag-ui.ts [--rounds=5] [--deltas=1000]`: an AG-UI run streamed by the
 * test agent process (`e2e/fixtures/ag-ui/test-agent.ts`, `@ag-ui/encoder` SSE on 127.0.0.1) into
 * Chromium, rendered two ways in the same page: suip (`connectAgUi` + `BoundedHttpAgent`) and
 * vanilla DOM (a plain `HttpAgent` whose subscriber appends each delta to a text node, the least an
 * AG-UI app can do). Measures first paint (run start → the first delta's text in the DOM, then
 * a frame) and host main-thread CPU per text delta (CDP TaskDuration over the whole run ÷ deltas),
 * medians over interleaved rounds. Prints the rows for docs/benchmarks.md's AG-UI section.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 5);
const DELTAS = arg('deltas', 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const agent = spawn(process.execPath, ['--import', 'tsx', join(root, 'e2e/fixtures/ag-ui/test-agent.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const agentUrl = await new Promise<string>((resolve) => {
  let out = '';
  agent.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /listening (\S+)/.exec(out);
    if (match) resolve(match[1]!);
  });
});
const server = await createServer({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'silent',
  server: { port: 0, host: '127.0.0.1' },
});
await server.listen();
const { port } = server.httpServer!.address() as { port: number };
const browser = await chromium.launch({
  executablePath: process.env.SUIP_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

type Bench = { run(kind: 'suip' | 'vanilla', text: string): Promise<{ firstPaint: number; total: number }> };
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;
  // tsx names the functions of the evaluated code with a `__name` helper the page does not have.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.goto(`http://127.0.0.1:${port}/e2e/fixtures/ag-ui/host.html?agent=${encodeURIComponent(agentUrl)}`);
  await page.waitForFunction(() => 'aguiHost' in window, undefined, { timeout: 60_000 });
  // Both renderers, built from the sources Vite serves, in one page.
  await page.evaluate(async (url) => {
    const { BoundedHttpAgent, connectAgUi } = await import('/adapters/ag-ui/index.ts' as string);
    // The plain @ag-ui/client HttpAgent, as the page's bundle resolved it (BoundedHttpAgent's base class).
    const HttpAgent = Object.getPrototypeOf(BoundedHttpAgent);
    const { createRenderer } = await import('/renderer/index.ts' as string);
    const deepText = (node: Node): string => {
      let text = node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : '';
      for (const child of [...((node as Element).shadowRoot?.childNodes ?? []), ...node.childNodes])
        text += deepText(child);
      return text;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const bench: Bench = {
      async run(kind, text) {
        const box = document.createElement('div');
        document.body.append(box);
        const started = performance.now();
        let firstPaint = 0;
        const watch = (async () => {
          while (!deepText(box).includes('MARK')) await new Promise((resolve) => requestAnimationFrame(resolve));
          await frame();
          firstPaint = performance.now() - started;
        })();
        if (kind === 'suip') {
          const renderer = createRenderer(box);
          const chat = connectAgUi(renderer, new BoundedHttpAgent({ url }));
          await chat.send(text);
          await watch;
          await chat.settle();
          await chat.close();
          await renderer.destroy();
        } else {
          const agent = new HttpAgent({ url, initialMessages: [{ id: 'u', role: 'user', content: text }] });
          let node: Text | undefined;
          await agent.runAgent(
            {},
            {
              onTextMessageStartEvent() {
                const p = document.createElement('p');
                node = document.createTextNode('');
                p.append(node);
                box.append(p);
              },
              onTextMessageContentEvent({ event }: { event: { delta: string } }) {
                node?.appendData(event.delta);
              },
            },
          );
          await watch;
        }
        await frame();
        const total = performance.now() - started;
        box.remove();
        return { firstPaint, total };
      },
    };
    (window as unknown as { agBench: Bench }).agBench = bench;
  }, agentUrl);
  const results = {
    suip: { paint: [] as number[], cpu: [] as number[] },
    vanilla: { paint: [] as number[], cpu: [] as number[] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const kind of ['suip', 'vanilla'] as const) {
      const before = await taskSeconds();
      const { firstPaint } = await page.evaluate(
        ([k, t]) => (window as unknown as { agBench: Bench }).agBench.run(k as 'suip' | 'vanilla', t as string),
        [kind, `bench ${DELTAS}`],
      );
      const cpuMs = ((await taskSeconds()) - before) * 1000;
      results[kind].paint.push(firstPaint);
      results[kind].cpu.push((cpuMs * 1000) / (DELTAS + 1));
    }
  }
  const row = (label: string, kind: 'suip' | 'vanilla') =>
    `| ${label} | ${median(results[kind].paint).toFixed(1)} ms | ${median(results[kind].cpu).toFixed(1)} µs |`;
  console.log(`AG-UI run of ${DELTAS + 1} text deltas, ${ROUNDS} rounds (medians), Chromium ${browser.version()}:`);
  console.log('| renderer | first paint | host CPU per delta |');
  console.log('|---|---|---|');
  console.log(row('suip (`connectAgUi` + `BoundedHttpAgent`)', 'suip'));
  console.log(row('vanilla DOM (`HttpAgent`, one text node appended per delta)', 'vanilla'));
  console.log(
    `ratio suip / vanilla: first paint ${(median(results.suip.paint) / median(results.vanilla.paint)).toFixed(2)}x, CPU per delta ${(median(results.suip.cpu) / median(results.vanilla.cpu)).toFixed(2)}x`,
  );
} finally {
  await browser.close();
  await server.close();
  agent.kill();
}
