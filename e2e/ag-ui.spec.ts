import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startHostCpu } from './helpers/host-cpu.ts';
import { startTaskCpu } from './helpers/task-cpu.ts';
import { openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';

/**
 * AG-UI end to end in Chromium: `@ag-ui/client` (`BoundedHttpAgent` with `A2UIMiddleware`) in the
 * page drives a suip renderer through `connectAgUi`; the agent is a real process
 * (`e2e/fixtures/ag-ui/test-agent.ts`) streaming SSE written by `@ag-ui/encoder` from 127.0.0.1.
 * Barriers in the agent hold a stream open so what is on screen mid-stream is observable.
 */

let agent: ChildProcess;
let agentUrl: string;
test.beforeAll(async () => {
  agent = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./fixtures/ag-ui/test-agent.ts', import.meta.url))],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  agentUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    agent.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    agent.once('exit', (code) => reject(new Error(`the test agent exited with ${code}`)));
  });
});
test.afterAll(() => {
  agent.kill();
});

const release = (name: string) => fetch(`${agentUrl}/release/${name}`, { method: 'POST' });
type Host = {
  aguiHost: {
    send(text: string): Promise<{ status: string; message?: string }>;
    stop(): void;
    issues: Array<{ code: string; message: string }>;
    streamModes: Array<{ mode: string; message: string }>;
    state(): unknown;
    attachStateView(): Promise<void>;
    settle(): Promise<void>;
  };
};

async function open(page: Page, query = '') {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && console.log(`console: ${message.text()}`));
  await page.goto(`/e2e/fixtures/ag-ui/host.html?agent=${encodeURIComponent(agentUrl)}${query}`);
  await page.waitForFunction(() => 'aguiHost' in window);
}
const send = (page: Page, text: string) => page.evaluate((t) => (window as unknown as Host).aguiHost.send(t), text);
const issues = (page: Page) => page.evaluate(() => (window as unknown as Host).aguiHost.issues.map((i) => i.code));

test('streaming text appends into one message element; a tool call shows its arguments as they stream; steps show', async ({
  page,
}) => {
  await open(page);
  const run = send(page, 'stream please');
  const body = page.getByText('Hello, ', { exact: false }).last();
  await expect(body).toBeVisible();
  await expect(page.getByText('Step: plan')).toBeVisible();
  const element = await body.elementHandle();
  await release('text-1');
  await expect(page.getByText('Hello, world', { exact: true })).toBeVisible();
  // The element that showed "Hello, " is the one that shows "Hello, world": appended to, not re-created.
  expect(await element!.evaluate((el) => el.isConnected && el.textContent)).toBe('Hello, world');
  await release('text-2');
  await expect(page.getByText('Hello, world. Flights below.')).toBeVisible();
  await expect(page.getByText('Tool call: search_flights')).toBeVisible();
  await expect(page.getByText('arguments streaming')).toBeVisible();
  await expect(page.getByText('to', { exact: true })).toBeVisible();
  await expect(page.getByText('Lisbon', { exact: true })).toBeHidden();
  await release('args');
  await expect(page.getByText('Lisbon', { exact: true })).toBeVisible();
  await expect(page.getByText('aisle preferred')).toBeVisible();
  await expect(page.getByText('found 3 flights')).toBeVisible();
  expect(await run).toEqual({ status: 'finished' });
});

test('a state delta reaches a host program through onInput; a bad patch is refused whole and said', async ({
  page,
}) => {
  await open(page);
  await page.evaluate(() => (window as unknown as Host).aguiHost.attachStateView());
  await expect(page.getByText('no state yet')).toBeVisible();
  const run = send(page, 'state');
  await expect(page.getByText('count is 0, items:')).toBeVisible();
  await release('state');
  await expect(page.getByText('count is 1, items: apples')).toBeVisible();
  expect(await run).toEqual({ status: 'finished' });
  await expect(page.getByText('operation 1 (remove "/missing") was refused')).toBeVisible();
  // Atomic: the refused patch's first op (count → 99) was not applied either.
  expect(await page.evaluate(() => (window as unknown as Host).aguiHost.state())).toEqual({
    count: 1,
    items: ['apples'],
  });
  await expect(page.getByText('count is 1, items: apples')).toBeVisible();
});

test('an interrupt is answered in a host dialog and the run resumes with the answer', async ({ page }) => {
  await open(page);
  const run = send(page, 'approve the transfer');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Send 20 EUR to Ada?')).toBeVisible();
  // The banner says an agent asks, not the site: the badge and the line under it.
  await expect(dialog.locator('[data-suip-dialog-origin] .badge')).toHaveText('AI agent');
  await expect(dialog.getByText('This question comes from the agent named above, not from this site.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Resumed: [{"status":"resolved","payload":{"approved":true}}]')).toBeVisible();
  expect(await run).toEqual({ status: 'finished' });
});

test('A2UI carried by @ag-ui/a2ui-middleware renders through the bridge and its action goes back to the agent', async ({
  page,
}) => {
  await open(page);
  await send(page, 'a2ui booking');
  await expect(page.getByText('Table for two at 8 pm', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Book it' }).click();
  await expect(
    page.getByText('A2UI action reached the agent: User performed action "book" on surface "booking"'),
  ).toBeVisible();
});

test('a program sent by a frontend tool runs sandboxed; its error goes back as the tool result, the repair renders, its action reaches the agent', async ({
  page,
}) => {
  await open(page);
  expect(await send(page, 'program with seats')).toEqual({ status: 'finished' });
  // The first program was refused by the renderer; the error went back and the agent sent a fixed one.
  await expect(page.getByText('"rendered":false', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('The seat picker is on screen.')).toBeVisible();
  // The program reads the agent state on the data plane (the snapshot of this run).
  await expect(page.getByText('items in state: 3')).toBeVisible();
  await page.getByRole('button', { name: 'Window seat' }).click();
  await expect(page.getByText('The agent got: Action in "Seats": {"seat":"window"}')).toBeVisible();
});

test('a press while the first render is still being judged is not lost: it reaches the agent after the run', async ({
  page,
}) => {
  await open(page);
  // Not awaited: the button is pressed as soon as it shows, inside runProgram's settle window
  // (400 ms), before the tool result went back. That press used to be dropped with no word.
  const finished = send(page, 'program with seats');
  await page.getByRole('button', { name: 'Window seat' }).click();
  expect(await finished).toEqual({ status: 'finished' });
  await expect(page.getByText('The agent got: Action in "Seats": {"seat":"window"}')).toBeVisible();
  expect(await issues(page)).not.toContain('action_refused');
});

test('a relative agent URL works in the stream Worker, and the request carries the page as its Referer', async ({
  page,
}) => {
  // The agent is reached through the page's own origin ("/relative-agent"), as a host's API
  // route is; a blob: Worker cannot resolve a relative URL by itself.
  let referer: string | undefined;
  await page.route('**/relative-agent', async (route) => {
    referer = route.request().headers()['referer'];
    const response = await route.fetch({ url: agentUrl });
    await route.fulfill({ response });
  });
  await page.goto(`/e2e/fixtures/ag-ui/host.html?agent=${encodeURIComponent('/relative-agent')}`);
  await page.waitForFunction(() => 'aguiHost' in window);
  expect(await send(page, 'program with seats')).toEqual({ status: 'finished' });
  await expect(page.getByText('The seat picker is on screen.')).toBeVisible();
  const modes = await page.evaluate(() => (window as unknown as Host).aguiHost.streamModes.map((m) => m.mode));
  expect(modes).toContain('worker');
  expect(referer).toContain('/e2e/fixtures/ag-ui/host.html');
});

test('programs are capped (the oldest is replaced, said) and all are detached when the connection closes', async ({
  page,
}) => {
  await open(page, '&maxPrograms=1');
  type Mounts = { aguiHost: { mounts(): string[]; close(): Promise<void> } };
  const programs = () =>
    page.evaluate(() => (window as unknown as Mounts).aguiHost.mounts().filter((id) => id.startsWith('agui-program-')));
  expect(await send(page, 'program one')).toEqual({ status: 'finished' });
  expect(await programs()).toEqual(['agui-program-2']);
  expect(await send(page, 'program two')).toEqual({ status: 'finished' });
  expect(await programs()).toEqual(['agui-program-4']);
  expect(await issues(page)).toContain('program_replaced');
  await page.evaluate(() => (window as unknown as Mounts).aguiHost.close());
  expect(await page.evaluate(() => (window as unknown as Mounts).aguiHost.mounts())).toEqual([]);
});

test('a program drives at most one pending agent run: the other actions of one click are refused and said', async ({
  page,
}) => {
  await open(page);
  expect(await send(page, 'flood')).toEqual({ status: 'finished' });
  await page.getByRole('button', { name: 'Send five' }).click();
  await expect(page.getByText('The agent got: Action in "Flood": {"n":0}')).toBeVisible();
  await page.evaluate(() => (window as unknown as Host).aguiHost.settle());
  expect((await issues(page)).filter((code) => code === 'action_refused')).toHaveLength(4);
  await expect(page.getByText('{"n":1}', { exact: false })).toHaveCount(0);
});

test('a program that renders late is not watched by copying the whole tree every 50 ms', async ({ page }) => {
  await open(page);
  type Counted = { aguiHost: { snapshots(): number } };
  expect(await send(page, 'slow')).toEqual({ status: 'finished' });
  await expect(page.getByText('The late card is on screen.')).toBeVisible();
  // A second of waiting polled every 50 ms would copy the tree about 20 times.
  expect(await page.evaluate(() => (window as unknown as Counted).aguiHost.snapshots())).toBeLessThanOrEqual(5);
});

test('hostile stream: not JSON, an unknown type, a prototype patch and a 10 MB argument are each refused with a clear note; the run goes on', async ({
  page,
}) => {
  await open(page);
  expect(await send(page, 'garbage')).toEqual({ status: 'finished' });
  await expect(page.getByText('Still here after the garbage.')).toBeVisible();
  const codes = await issues(page);
  expect(codes).toEqual(expect.arrayContaining(['malformed_event', 'unknown_event', 'bad_patch', 'event_too_large']));
  await expect(page.getByText('an event that is not JSON was skipped')).toBeVisible();
  await expect(page.getByText('an event of unknown type "TELEPORT" was skipped')).toBeVisible();
  await expect(page.getByText('refused (it would reach the prototype)', { exact: false })).toBeVisible();
  await expect(page.getByText('dropped before parsing', { exact: false })).toBeVisible();
  expect(
    await page
      .evaluate(() => ({}) as Record<string, unknown>)
      .then(() => page.evaluate(() => (Object.prototype as Record<string, unknown>).polluted)),
  ).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as Host).aguiHost.state())).toEqual({ ok: 1 });
});

test('hostile stream: a never-ending text message is bounded, the page answers, Stop ends it and the next run works', async ({
  page,
}) => {
  await open(page);
  const run = send(page, 'endless');
  await expect.poll(() => issues(page), { timeout: 20_000 }).toContain('text_too_long');
  await expect(page.getByText('more characters were not shown', { exact: false })).toBeVisible();
  // The shown text is bounded (64,000 characters) however long the agent goes on.
  const shown = await page
    .getByText('never ending never ending', { exact: false })
    .last()
    .evaluate((el) => el.textContent?.length ?? 0);
  expect(shown).toBeLessThanOrEqual(64_000);
  await page.evaluate(() => (window as unknown as Host).aguiHost.stop());
  await run;
  expect(await send(page, 'hello')).toEqual({ status: 'finished' });
  await expect(page.getByText('I know: stream, state')).toBeVisible();
});

test("hostile stream: an out-of-order event fails the run with the client's reason; the next run works", async ({
  page,
}) => {
  await open(page);
  const outcome = await send(page, 'disorder');
  expect(outcome.status).toBe('error');
  await expect(
    page.getByText(
      "the run stopped: Cannot send 'TEXT_MESSAGE_CONTENT' event: No active text message found with ID 'never-started'",
      { exact: false },
    ),
  ).toBeVisible();
  expect(await send(page, 'hello')).toEqual({ status: 'finished' });
  await expect(page.getByText('I know: stream, state')).toBeVisible();
});

/**
 * The longest task's CPU time on the host's main thread a hostile stream may cost, per mode (issue 47
 * item 12's bound is 50 ms). CPU time, not a wall-clock gap: beside CPU hogs a task's wall time grows
 * with the machine's load (measured: 28 ms of CPU took 313 ms of wall time, while an idle control
 * page's 10 ms timer lost far less), its CPU time does not, so a busy machine cannot flip this
 * verdict. Each bound is 4x the worst measured beside two `yes` hogs (docs/security.md, "Agent streams").
 */
const HOSTILE_TASK_CPU_MS = { worker: 120, sliced: 360 };

for (const mode of ['worker', 'sliced'] as const)
  test(`the host never stalls on hostile streams (${mode}): 10 MB event, garbage, then a never-ending text message @stall`, async ({
    page,
  }) => {
    // Issue 47 item 12. Before: the stream was parsed on the host's thread and host gaps were
    // 108-237 ms beside a 15-24 ms control page. Now the stream Worker fetches, frames and bounds it
    // (`adapters/kit/agent-stream.ts`); with the Worker refused, the sliced reader does it on the page.
    test.setTimeout(120_000);
    // The sliced mode: the host page's CSP refuses every Worker, so the stream Worker too.
    await open(page, mode === 'sliced' ? `&csp=${encodeURIComponent("worker-src 'none'")}` : '');
    const control = await openControlPage(page);
    await Promise.all([startStallMeter(page), startStallMeter(control)]);
    const cpu = await startHostCpu(page);
    const tasks = await startTaskCpu(page, '/e2e/fixtures/ag-ui/host.html');
    expect(await send(page, 'garbage')).toEqual({ status: 'finished' });
    const endless = send(page, 'endless');
    await expect.poll(() => issues(page), { timeout: 30_000 }).toContain('text_too_long');
    // Keep the stream flowing past its bound a while (the deltas are now counted and dropped). A
    // fixed time, not a text query: Playwright's text engine scanning the page would run on the
    // host's main thread inside the window measured. No verdict depends on this time.
    await page.waitForTimeout(1_500);
    await page.evaluate(() => (window as unknown as Host).aguiHost.stop());
    await endless;
    const [stall, idle, hostCpuMs] = await Promise.all([readStallMeter(page), readStallMeter(control), cpu?.read()]);
    const task = await tasks?.read();
    await expect(page.getByText('more characters were not shown', { exact: false })).toBeVisible();
    // Never silent: each run heard where its stream was read.
    const modes = await page.evaluate(() => (window as unknown as Host).aguiHost.streamModes);
    expect(modes.map((m) => m.mode)).toEqual([mode, mode]);
    if (mode === 'sliced') expect(modes[0]!.message).toContain("refuses the stream's blob: Worker (worker-src)");
    console.log(
      `MEASURE ag-ui hostile streams (${mode}): host max gap ${stall.maxGap} ms (longest task ${stall.longestTask} ms, control ${idle.maxGap} ms, excess ${Math.round(stall.maxGap - idle.maxGap)} ms, host CPU ${hostCpuMs ?? 'n/a'} ms; longest task ${task?.longestCpuMs ?? 'n/a'} ms CPU, ${task?.longestWallMs ?? 'n/a'} ms wall, ${task?.tasks ?? 'n/a'} tasks)`,
    );
    // Chromium always traces: there a reading with no task (a renamed trace event) must fail, not pass.
    if (page.context().browser()?.browserType().name() === 'chromium') {
      expect(task, 'Chromium traced the window').toBeDefined();
      expect(task!.tasks).toBeGreaterThan(0);
    }
    if (task !== undefined) expect(task.longestCpuMs).toBeLessThan(HOSTILE_TASK_CPU_MS[mode]);
  });
