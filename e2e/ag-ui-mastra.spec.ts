import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AgUiTestHost } from './fixtures/ag-ui/host.ts';

/**
 * AG-UI shared state from a third-party agent in Chromium: a real Mastra agent (`@mastra/core`, its
 * mock model, working memory) behind `@ag-ui/mastra`'s bridge, in its own process
 * (`e2e/fixtures/ag-ui/mastra-agent.ts`), drives a suip program through `connectAgUi`
 * (`BoundedHttpAgent` in the page). The bridge sends the state as a leading `STATE_SNAPSHOT`,
 * `STATE_DELTA`s while the model is still writing its working-memory tool call (predictive: the
 * state shows before the tool has run), and a closing `STATE_SNAPSHOT` from the stored memory.
 */

let agent: ChildProcess;
let agentUrl: string;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  agent = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./fixtures/ag-ui/mastra-agent.ts', import.meta.url))],
    // Mastra's anonymous usage telemetry stays off: a test run reports nothing anywhere.
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, MASTRA_TELEMETRY_DISABLED: 'true', DO_NOT_TRACK: '1' },
    },
  );
  agentUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    agent.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    agent.once('exit', (code) => reject(new Error(`the Mastra agent exited with ${code}`)));
  });
});
test.afterAll(() => {
  agent?.kill();
});

const host = (page: Page) => page.evaluate(() => (window as unknown as { aguiHost: AgUiTestHost }).aguiHost.state());
const send = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as { aguiHost: AgUiTestHost }).aguiHost.send(t), text);
/** Lets the model's held stream go on (it waits halfway through the tool call's arguments). */
const release = (turn: number) => fetch(`${agentUrl}/release/turn-${turn}`, { method: 'POST' });

test("Mastra via @ag-ui/mastra with a mock model: its working memory reaches a suip program as state snapshots and deltas, streamed while the model still writes the tool call, and the client's state seeds the next run", async ({
  page,
}) => {
  test.setTimeout(90_000);
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  await page.goto(`/e2e/fixtures/ag-ui/host.html?agent=${encodeURIComponent(agentUrl)}`);
  await page.waitForFunction(() => 'aguiHost' in window);
  await page.evaluate(() => (window as unknown as { aguiHost: AgUiTestHost }).aguiHost.attachStateView());
  await expect(page.getByText('no state yet')).toBeVisible();

  // Turn 1: the model is held after three of six pieces of its tool arguments; the state the bridge
  // predicted from that prefix (a snapshot {}, then `add /count`) is already in the program.
  const first = send(page, 'add tea and milk');
  await expect(page.getByText(/^count is 2, items:\s*$/)).toBeVisible({ timeout: 30_000 });
  expect(await host(page)).toMatchObject({ count: 2 });
  await release(1);
  expect(await first).toEqual({ status: 'finished' });
  await expect(page.getByText('count is 2, items: tea, milk')).toBeVisible();
  await expect(page.getByText('Noted: tea, milk.')).toBeVisible();
  expect(await host(page)).toEqual({ count: 2, items: ['tea', 'milk'] });

  // Turn 2: the page sends its state with the run; the bridge's snapshot is that state, and its
  // deltas patch it (replace /count now, add /items/2 after the release).
  const second = send(page, 'add bread');
  await expect(page.getByText('count is 4, items: tea, milk')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('count is 4, items: tea, milk, bread')).toHaveCount(0);
  await release(2);
  expect(await second).toEqual({ status: 'finished' });
  await expect(page.getByText('count is 4, items: tea, milk, bread')).toBeVisible();
  expect(await host(page)).toEqual({ count: 4, items: ['tea', 'milk', 'bread'] });
  // Nothing the bridge sent was refused.
  expect(await page.evaluate(() => (window as unknown as { aguiHost: AgUiTestHost }).aguiHost.issues)).toEqual([]);
});
