import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from './fixtures/fake-llm/fake-llm-server.ts';
import type { StreamingGenuiHost } from './fixtures/streaming-genui/host.ts';
import { composedHtml } from './helpers/host-dom.ts';
import { startHostCpu } from './helpers/host-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Progressive GenUI v1.0 surfaces (issue 17) in Chromium, against a real server process and the
 * scripted model on 127.0.0.1: the model writes a ```genui line slowly and pauses in the middle of
 * a long text. The page (which asked for previews) already shows the card, the text cut short and
 * placeholders for the children not written yet. After the line ends the DOM equals a run without
 * previews, no element shown was ever re-created, and the host never stalled for 100 ms.
 */

const LONG =
  'We hold tables for fifteen minutes after the time you book. Tell us about allergies when you arrive, and we will adapt any dish on the menu for you.';
const w = (id: string, widget: unknown) => ({ id, widget });
const booking = {
  surfaceId: 'booking',
  definition: {
    root: 'card',
    widgets: [
      w('card', { card: { title: 'Book a table', children: ['intro', 'name', 'book'] } }),
      w('intro', { text: { text: LONG } }),
      w('name', { 'text-field': { label: 'Your name' } }),
      w('book', { button: { label: 'Book now' } }),
    ],
  },
};
const line = JSON.stringify({ addOrUpdateSurface: booking });
const pauseAt = line.indexOf(LONG) + 40;
/** The same line, broken by a trailing comma after the long text's widget. */
const broken = line.replace(`"}}},{"id":"name"`, '"}}},]}}}\n').split('\n')[0]!;

class Barrier {
  release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));
}
let barrier = new Barrier();

function answer(request: RecordedRequest): string | ScriptedAnswer | undefined {
  const last = request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  if (last.includes('were refused')) return 'Sorry, I could not show the form.';
  const text = last.startsWith('Broken') ? broken : line;
  const head = 'Here is your booking form.\n```genui\n';
  return {
    steps: [
      { content: head + text.slice(0, pauseAt) },
      { wait: barrier.opened },
      { content: `${text.slice(pauseAt)}\n\`\`\`\nPress Book now when ready.` },
    ],
  };
}

let llm: FakeLlmServer;
let server: ServerProcess;
let dir: string;
test.beforeAll(async ({}, info) => {
  llm = await startFakeLlmServer(answer, { chunkChars: 16, chunkDelayMs: 12 });
  dir = mkdtempSync(join(tmpdir(), 'suip-genui-stream-e2e-'));
  server = await startServer(
    [
      '--data-dir',
      dir,
      '--llm-url',
      llm.baseUrl,
      '--llm-model',
      'fake-model',
      '--origins',
      new URL(info.project.use.baseURL!).origin,
    ],
    { SUIP_LLM_KEY: 'sk-e2e' },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await llm?.close();
  rmSync(dir, { recursive: true, force: true });
});
test.beforeEach(() => {
  barrier = new Barrier();
});

const hostOf = (page: Page) =>
  page.evaluateHandle(() => (window as unknown as { streamingGenui: StreamingGenuiHost }).streamingGenui);
async function open(page: Page) {
  await page.goto('/e2e/fixtures/streaming-genui/host.html');
  await page.waitForFunction(() => 'streamingGenui' in window, undefined, { timeout: 30_000 });
  return hostOf(page);
}

test('@stall a GenUI surface renders widget by widget while the model writes it, keeps every element, and ends equal to a run without previews', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const host = await open(page);
  // The reference first: the same answer without previews, in another renderer. It also loads what
  // any first surface needs (modules, element definitions), so the meter measures the stream alone.
  barrier.release();
  expect(await host.evaluate((h, url) => h.whole(url, 'Book a table'), `${server.url}/genUI`)).toMatchObject({
    status: 'complete',
  });
  await host.evaluate((h, url) => h.warm(url, 'Book a table'), `${server.url}/genUI`);
  barrier = new Barrier();
  const control = await openControlPage(page);
  await startStallMeter(page);
  const cpu = await startHostCpu(page);
  await host.evaluate((h) => h.watch());
  const turn = host.evaluate((h, url) => h.streamed(url, 'Book a table'), `${server.url}/genUI`);

  const streamed = page.locator('#streamed');
  // The model waits in the middle of the long text (the barrier): the card (written first) shows,
  // its text child shows cut short, and the children not written yet are placeholders under their ids.
  await expect(streamed.getByRole('heading', { name: 'Book a table' })).toBeVisible();
  await expect(streamed.getByText(LONG.slice(0, 40), { exact: true })).toBeVisible();
  await expect(streamed.locator('suip-placeholder')).toHaveCount(2);
  await expect(streamed.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  expect(await host.evaluate((h) => h.times.end)).toBeUndefined();

  barrier.release();
  expect(await turn).toEqual({ status: 'complete', text: 'Here is your booking form.\nPress Book now when ready.' });
  await expect(streamed.getByText(LONG, { exact: true })).toBeVisible();
  await expect(streamed.locator('suip-placeholder')).toHaveCount(0);
  await expect(streamed.getByRole('button', { name: 'Book now' })).toBeVisible();

  const stall = await readStallMeter(page);
  const controlStall = await readStallMeter(control);
  const hostCpu = cpu === undefined ? undefined : await cpu.read();
  await cpu?.stop();

  // Zero re-created elements: every element ever shown (but placeholders) is still the one shown.
  const identity = await host.evaluate((h) => h.identity());
  expect(identity.seen).toBeGreaterThan(15);
  expect(identity.recreated).toEqual([]);
  const chunks = await host.evaluate((h) => h.chunks as Array<Record<string, unknown>>);
  expect(chunks.filter((c) => 'suip' in c).length).toBeGreaterThan(3);

  // The same answer without previews (run first, above) gave the same DOM.
  const normalize = (html: string) =>
    html.replace(/\s(?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');
  const streamedHtml = normalize(await composedHtml(page, '#streamed'));
  await expect.poll(async () => normalize(await composedHtml(page, '#whole')), { timeout: 10_000 }).toBe(streamedHtml);
  const times = await host.evaluate((h) => h.times);
  expect(times.firstPaint!).toBeLessThan(times.end!);
  expect(await host.evaluate((h) => h.issues)).toEqual([]);

  const verdict = judgeStall(stall, controlStall, hostCpu, 100);
  console.log(
    `streaming-genui long tasks (start after send, ms): ${JSON.stringify((await host.evaluate((h) => h.longTasks)).map(([at, ms]) => [Math.round(at - times.start!), ms]))}`,
  );
  console.log(
    `streaming-genui: ${identity.seen} elements, ${chunks.length} chunks, first paint ${Math.round(times.firstPaint! - times.start!)} ms after send, end ${Math.round(times.end! - times.start!)} ms, ${verdict.why}`,
  );
  expect(verdict.ok, verdict.why).toBe(true);
  await control.close();
});

test('a surface whose line breaks mid-stream is withdrawn: nothing of it stays, and the model is asked to repair it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const host = await open(page);
  const turn = host.evaluate((h, url) => h.streamed(url, 'Broken form please'), `${server.url}/genUI`);
  const streamed = page.locator('#streamed');
  await expect(streamed.getByRole('heading', { name: 'Book a table' })).toBeVisible();
  barrier.release();
  expect(await turn).toMatchObject({ status: 'complete' });
  await expect(streamed.getByRole('heading', { name: 'Book a table' })).toHaveCount(0);
  await expect(streamed.locator('suip-placeholder')).toHaveCount(0);
  await expect(streamed.getByText('Sorry, I could not show the form.', { exact: false })).toHaveCount(0);
  const chunks = await host.evaluate((h) => h.chunks as Array<Record<string, unknown>>);
  expect(chunks).toContainEqual({ suip: { dropPreview: 'booking' } });
  expect(chunks.filter((c) => 'addOrUpdateSurface' in c && !('suip' in c))).toEqual([]);
  // The repair request carried the parser's precise error.
  const repair = llm.requests.map((r) => r.messages.at(-1)?.content ?? '').find((c) => c.includes('were refused'));
  expect(repair).toMatch(/not valid JSON/);
});
