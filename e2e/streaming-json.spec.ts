import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { composedHtml } from './helpers/host-dom.ts';
import { startHostCpu } from './helpers/host-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';
import { LONG_TEXT, dashboardJsonl } from './fixtures/streaming/a2ui-dashboard.ts';
import type { StreamingTestHost } from './fixtures/streaming/host.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Progressive A2UI (issue 17): a slow agent on 127.0.0.1 writes one long `updateComponents` line,
 * pausing in the middle of a Text. While it waits, the page already shows the components that have
 * closed, placeholders for children not written yet, and the Text cut short. After the line ends,
 * the DOM equals a non-streamed run, no element shown was ever re-created (element identities are
 * recorded on every frame), and the host never stalled for 100 ms.
 */

interface SlowAgent {
  url: string;
  /** Resolves when the agent reached the pause (it waits for `release`). */
  paused: Promise<void>;
  release(): void;
  /** Resolves when the whole text has been written. */
  finished: Promise<void>;
  close(): Promise<void>;
}

/** Writes `text` in `chunk`-character pieces every `delayMs`, pausing once after `pauseAt` characters. */
async function slowAgent(text: string, pauseAt: number, chunk = 24, delayMs = 15): Promise<SlowAgent> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let paused!: () => void;
  const pausedAt = new Promise<void>((resolve) => (paused = resolve));
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const server: Server = createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/jsonl',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    res.flushHeaders();
    void (async () => {
      let at = 0;
      while (at < text.length) {
        const end = at < pauseAt && at + chunk >= pauseAt ? pauseAt : Math.min(text.length, at + chunk);
        res.write(text.slice(at, end));
        at = end;
        if (at === pauseAt) {
          paused();
          await released;
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      res.end();
      finished();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2ui.jsonl`,
    paused: pausedAt,
    release,
    finished: done,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const hostOf = (page: Page) =>
  page.evaluateHandle(() => (window as unknown as { streamingHost: StreamingTestHost }).streamingHost);

test('@stall a streamed A2UI line renders as it is written, keeps every element, and ends equal to a non-streamed run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const text = dashboardJsonl();
  // Pause in the middle of the long summary Text: everything before it has closed, nothing after.
  const pauseAt = text.indexOf(LONG_TEXT) + 40;
  const agent = await slowAgent(text, pauseAt);
  try {
    await page.goto('/e2e/fixtures/streaming/host.html');
    await page.waitForFunction(() => 'streamingHost' in window, undefined, { timeout: 30_000 });
    const control = await openControlPage(page);
    await startStallMeter(page);
    const cpu = await startHostCpu(page);
    await page.evaluate(() => (window as unknown as { streamingHost: StreamingTestHost }).streamingHost.watch());
    const host = await hostOf(page);
    const connected = host.evaluate((h, url) => h.connect(url), agent.url);

    await agent.paused;
    const streamed = page.locator('#streamed');
    // While the agent waits mid-line: the heading has closed and shows, the summary shows cut short
    // (text streams), and the children not written yet are busy placeholders under their own ids.
    await expect(streamed.getByRole('heading', { name: 'Weather this week' })).toBeVisible();
    await expect(streamed.getByText(LONG_TEXT.slice(0, 40), { exact: true })).toBeVisible();
    await expect(streamed.getByRole('status', { name: 'Loading cities…' })).toBeVisible();
    await expect(streamed.getByRole('status', { name: 'Loading more…' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { streamingHost: StreamingTestHost }).streamingHost.times.end),
    ).toBeUndefined();

    agent.release();
    expect(await connected).toBe(2);
    await agent.finished;
    await expect(streamed.getByText(LONG_TEXT, { exact: true })).toBeVisible();
    await expect(streamed.locator('suip-placeholder')).toHaveCount(0);
    await expect(streamed.getByRole('button', { name: 'Show the next week' })).toBeVisible();

    const stall = await readStallMeter(page);
    const controlStall = await readStallMeter(control);
    const hostCpu = cpu === undefined ? undefined : await cpu.read();
    await cpu?.stop();

    // Zero re-created elements: every element ever shown (but placeholders) is still the one shown.
    const identity = await host.evaluate((h) => h.identity());
    expect(identity.seen).toBeGreaterThan(30);
    expect(identity.recreated).toEqual([]);

    // The same lines applied at once in another renderer give the same DOM.
    await host.evaluate((h, jsonl) => h.whole(jsonl), text);
    const normalize = (html: string) =>
      html.replace(/\s(?:id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '');
    // The renderer shows a change in the next animation frame (or after 200 ms in a page without
    // frames, as this one may be beside the control page), so the reference is awaited, not read once.
    const streamedHtml = normalize(await composedHtml(page, '#streamed'));
    await expect
      .poll(async () => normalize(await composedHtml(page, '#whole')), { timeout: 10_000 })
      .toBe(streamedHtml);
    const times = await host.evaluate((h) => h.times);
    expect(times.firstPaint!).toBeLessThan(times.end!);
    expect(await host.evaluate((h) => [h.sent, h.issues])).toEqual([[], []]);

    const verdict = judgeStall(stall, controlStall, hostCpu, 100);
    console.log(
      `streaming-json: ${identity.seen} elements, first paint ${Math.round(times.firstPaint! - times.start!)} ms after connect, ${verdict.why}`,
    );
    expect(verdict.ok, verdict.why).toBe(true);
    await control.close();
  } finally {
    agent.release();
    await agent.close();
  }
});

test('a line that breaks mid-stream leaves the previous surface as it was and tells the agent where', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [surface, update] = dashboardJsonl().split('\n');
  const broken = `${surface}\n${update!.slice(0, update!.indexOf(LONG_TEXT) + 60)}}\n`;
  const agent = await slowAgent(broken, broken.length - 1);
  try {
    await page.goto('/e2e/fixtures/streaming/host.html');
    await page.waitForFunction(() => 'streamingHost' in window, undefined, { timeout: 30_000 });
    const host = await hostOf(page);
    const connected = host.evaluate((h, url) => h.connect(url), agent.url);
    await agent.paused;
    await expect(page.locator('#streamed').getByRole('heading', { name: 'Weather this week' })).toBeVisible();
    agent.release();
    expect(await connected).toBe(1);
    // The preview is gone: the surface shows what was committed (nothing but its root placeholder).
    await expect(page.locator('#streamed').getByRole('heading', { name: 'Weather this week' })).toHaveCount(0);
    const sent = await host.evaluate((h) => h.sent);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toMatch(/VALIDATION_FAILED.*line 2, column \d+/);
  } finally {
    agent.release();
    await agent.close();
  }
});
