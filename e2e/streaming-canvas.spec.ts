import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from './fixtures/fake-llm/fake-llm-server.ts';
import type { StreamingCanvasHost } from './fixtures/streaming-canvas/host.ts';
import { composedHtml } from './helpers/host-dom.ts';
import { startHostCpu } from './helpers/host-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Progressive canvas ops (issue 17) in Chromium: the scripted model on 127.0.0.1 answers prose and
 * a ```genui block of JSON-lines canvas ops, slowly, and pauses in the middle of a long text. The
 * page reads the answer with `streamCanvasAnswer` (`host.feed()`): the widgets written so far and
 * the text cut short show while the model is still writing; after the end the canvas DOM equals
 * the same text applied whole (`opsFromText` + `apply`), no element shown was ever re-created, and
 * the host never stalled for 100 ms. A line that breaks mid-stream leaves nothing behind.
 */

const LONG =
  'The old town is steep: wear shoes with a good grip, take tram 28 early before the queues, and keep an evening free for the fado houses of Alfama.';
const INTRO = 'Three days in Lisbon, from Friday to Sunday, flights and hotel booked.';
const ops = [
  { op: 'upsert', id: 'trip', type: 'card', data: { title: 'Trip to Lisbon', text: INTRO } },
  {
    op: 'upsert',
    id: 'budget',
    type: 'stats',
    data: {
      title: 'Budget',
      items: [
        { label: 'Flights', value: '€240' },
        { label: 'Hotel', value: '€410' },
      ],
    },
  },
  { op: 'upsert', id: 'tips', type: 'alert', data: { title: 'Good to know', message: LONG, severity: 'info' } },
  {
    op: 'upsert',
    id: 'days',
    type: 'checklist',
    data: {
      title: 'Plan',
      items: [
        { text: 'Belém and the tower', checked: false },
        { text: 'Sintra day trip', checked: true },
      ],
    },
  },
  { op: 'patch', id: 'budget', data: { title: 'Budget (2 people)' } },
];
const lines = ops.map((o) => JSON.stringify(o));
const HEAD = 'Here is your trip at a glance.\n```genui\n';
const TAIL = '\n```\nTell me if you want restaurants too.';
const TEXT = HEAD + lines.join('\n') + TAIL;
const pauseAt = TEXT.indexOf(LONG) + 40;
/** A card whose line breaks (a trailing comma) after a long text, between two good lines. */
const brokenLine = JSON.stringify({
  op: 'upsert',
  id: 'bad',
  type: 'card',
  data: { title: 'Never kept', text: LONG },
}).replace(/}}$/, '},}');
const BROKEN = `${HEAD}${lines[0]}\n${brokenLine}\n${lines[2]}${TAIL}`;
const brokenPauseAt = BROKEN.indexOf(LONG) + 40;

class Barrier {
  release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));
}
let barrier = new Barrier();

function answer(request: RecordedRequest): ScriptedAnswer {
  const [text, at] = request.messages.at(-1)?.content === 'broken' ? [BROKEN, brokenPauseAt] : [TEXT, pauseAt];
  return { steps: [{ content: text.slice(0, at) }, { wait: barrier.opened }, { content: text.slice(at) }] };
}

let llm: FakeLlmServer;
test.beforeAll(async () => {
  llm = await startFakeLlmServer(answer, { chunkChars: 16, chunkDelayMs: 12 });
});
test.afterAll(async () => {
  await llm?.close();
});
test.beforeEach(() => {
  barrier = new Barrier();
});

async function open(page: Page) {
  await page.goto('/e2e/fixtures/streaming-canvas/host.html');
  await page.waitForFunction(() => 'streamingCanvas' in window, undefined, { timeout: 30_000 });
  return page.evaluateHandle(() => (window as unknown as { streamingCanvas: StreamingCanvasHost }).streamingCanvas);
}

const normalize = (html: string) =>
  html.replace(/\s(?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');
/** The canvas DOM of `#streamed` equals the same text applied whole in `#whole`. */
async function expectEqualToWhole(page: Page) {
  const streamedHtml = normalize(await composedHtml(page, '#streamed'));
  expect(streamedHtml).toContain('Trip to Lisbon');
  await expect.poll(async () => normalize(await composedHtml(page, '#whole')), { timeout: 10_000 }).toBe(streamedHtml);
}

test('canvas ops render one by one while the model writes them, keep every element, and end equal to the text applied whole', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const host = await open(page);
  await host.evaluate((h, text) => h.whole(text), TEXT);
  await host.evaluate((h) => h.watch());
  const turn = host.evaluate((h, url) => h.streamed(url, 'plan my trip'), llm.baseUrl);

  const streamed = page.locator('#streamed');
  // The model waits in the middle of the alert's text: the card and the stats (complete lines)
  // show, the alert shows its text cut short, the lines not written yet show nothing.
  await expect(streamed.getByText('Trip to Lisbon', { exact: true })).toBeVisible();
  await expect(streamed.getByText('Budget', { exact: true })).toBeVisible();
  await expect(streamed.getByText(LONG.slice(0, 40), { exact: true })).toBeVisible();
  await expect(streamed.getByText('Plan', { exact: true })).toHaveCount(0);
  expect(await host.evaluate((h) => [h.times.end, h.prose])).toEqual([undefined, ['Here is your trip at a glance.']]);

  barrier.release();
  expect(await turn).toEqual({ answer: TEXT });
  await expect(streamed.getByText(LONG, { exact: true })).toBeVisible();
  await expect(streamed.getByRole('checkbox', { name: 'Sintra day trip' })).toBeChecked();
  await expect(streamed.getByText('Budget (2 people)', { exact: true })).toBeVisible();

  const identity = await host.evaluate((h) => h.identity());
  expect(identity.seen).toBeGreaterThan(20);
  expect(identity.recreated).toEqual([]);
  await expectEqualToWhole(page);
  expect(await host.evaluate((h) => [h.prose, h.errors, h.issues])).toEqual([
    ['Here is your trip at a glance.', 'Tell me if you want restaurants too.'],
    [],
    [],
  ]);
});

test('@stall the host never stalls for 100 ms while a canvas streams, and ends equal to the text applied whole', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const host = await open(page);
  // The reference first (it also loads what any first widget needs), then the same widgets once in
  // the streamed renderer, so that the meter measures the stream alone.
  await host.evaluate((h, text) => h.whole(text), TEXT);
  await host.evaluate((h, text) => h.warm(text), TEXT);
  const control = await openControlPage(page);
  await startStallMeter(page);
  const cpu = await startHostCpu(page);
  await host.evaluate((h) => h.watch());
  const turn = host.evaluate((h, url) => h.streamed(url, 'plan my trip'), llm.baseUrl);

  // No Playwright polling while the meter runs (its checks cost the host CPU): one cheap check a second.
  await page.waitForFunction(
    (text) => (window as unknown as { streamingCanvas: StreamingCanvasHost }).streamingCanvas.shows(text),
    LONG.slice(0, 40),
    { polling: 1000, timeout: 30_000 },
  );
  const midStream = await host.evaluate(
    (h, long) => ({ card: h.shows('Trip to Lisbon'), whole: h.shows(long), plan: h.shows('Sintra'), end: h.times.end }),
    LONG,
  );
  expect(midStream).toEqual({ card: true, whole: false, plan: false, end: undefined });
  barrier.release();
  await page.waitForFunction(
    () => (window as unknown as { streamingCanvas: StreamingCanvasHost }).streamingCanvas.times.end !== undefined,
    undefined,
    { polling: 1000, timeout: 30_000 },
  );

  const stall = await readStallMeter(page);
  const controlStall = await readStallMeter(control);
  const hostCpu = cpu === undefined ? undefined : await cpu.read();
  await cpu?.stop();
  expect(await turn).toEqual({ answer: TEXT });

  const identity = await host.evaluate((h) => h.identity());
  expect(identity.recreated).toEqual([]);
  await expectEqualToWhole(page);
  const times = await host.evaluate((h) => h.times);
  expect(times.firstPaint!).toBeLessThan(times.end!);
  const verdict = judgeStall(stall, controlStall, hostCpu, 100);
  console.log(
    `streaming-canvas long tasks (start after send, ms): ${JSON.stringify((await host.evaluate((h) => h.longTasks)).filter(([at]) => at >= times.start!).map(([at, ms]) => [Math.round(at - times.start!), ms]))}`,
  );
  console.log(
    `streaming-canvas: ${identity.seen} elements, first paint ${Math.round(times.firstPaint! - times.start!)} ms after send, end ${Math.round(times.end! - times.start!)} ms, ${verdict.why}`,
  );
  expect(verdict.ok, verdict.why).toBe(true);
  await control.close();
});

test('a line that breaks mid-stream leaves nothing behind, is reported, and the next line still applies', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const host = await open(page);
  await host.evaluate((h, text) => h.whole(text), BROKEN);
  const turn = host.evaluate((h, url) => h.streamed(url, 'broken'), llm.baseUrl);
  const streamed = page.locator('#streamed');
  // While it is written, the broken card shows like any other (nothing tells yet that it will break).
  await expect(streamed.getByText('Never kept', { exact: true })).toBeVisible();
  await expect(streamed.getByText(LONG.slice(0, 40), { exact: true })).toBeVisible();
  barrier.release();
  expect(await turn).toEqual({ answer: BROKEN });
  await expect(streamed.getByText('Good to know', { exact: true })).toBeVisible();
  await expect(streamed.getByText(LONG, { exact: true })).toBeVisible();
  await expect(streamed.getByText('Never kept', { exact: true })).toHaveCount(0);
  await expect(streamed.getByText('Trip to Lisbon', { exact: true })).toBeVisible();
  const errors = await host.evaluate((h) => h.errors);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(/JSON/);
  await expectEqualToWhole(page);
});
