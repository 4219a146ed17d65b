import { expect, test, type Page } from '@playwright/test';
import type { RendererOptions } from '../renderer/index.ts';
import { attach, events, openHost, subtree, waitForStatus } from './fixtures/sandbox/host-client.ts';
import { describeHits, startCanary } from './helpers/canary-server.ts';
import { specCsp } from './fixtures/mcp-apps/host-csp.ts';

/**
 * The Worker-less mode (issue 44, build item 1): a host page whose CSP forbids every Worker
 * (`worker-src 'none'`, as MCP Inspector sets for each view). The relay's blob Worker is refused,
 * the relay falls back to running the program in a nested sandboxed frame, says so
 * (`suip-isolation`), and the host's own watchdog ends a program that blocks that frame's thread.
 */

/** The host page's policy: only what makes the Worker refused; the rest stays as the fixture needs. */
const NO_WORKERS = "worker-src 'none'";

async function openWithoutWorkers(page: Page, options?: RendererOptions, csp = NO_WORKERS): Promise<void> {
  await page.route('**/e2e/fixtures/sandbox/host.html', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
  });
  await openHost(page, options);
}

const isolation = (page: Page) => page.evaluate(() => window.sandboxTest.isolation);

async function meter(page: Page, action: 'start' | 'read'): Promise<{ gap: number; longTasks: number[] }> {
  return page.evaluate((a) => {
    const host = window.sandboxTest;
    if (a === 'start') host.startStallMeter();
    return { gap: host.longestGap(), longTasks: host.longTasks() };
  }, action);
}

/** The host's longest gap and long tasks over `ms` with nothing running: the control. */
async function control(page: Page, ms: number): Promise<{ gap: number; longTasks: number[] }> {
  await meter(page, 'start');
  await page.waitForTimeout(ms);
  return meter(page, 'read');
}

/**
 * The host's longest gap may exceed its idle control by at most this much. Measured excess on the
 * shared 2-core machine: 13–83 ms (loop, flood, allocation; also beside two `yes` CPU hogs); the
 * bound is 4x the worst. The window-post flood this mode first allowed went 940–990 ms over it.
 */
const STALL_BOUND_MS = 400;

const show = (what: string, m: { gap: number; longTasks: number[] }) =>
  `${what}: longest gap ${m.gap.toFixed(1)} ms, long tasks [${m.longTasks.map((t) => t.toFixed(0)).join(', ')}]`;

test("under worker-src 'none' the program runs in the nested frame, says so, and answers a click", async ({ page }) => {
  await openWithoutWorkers(page);
  const code = `const { render, group, text } = suip;
let clicks = 0;
const view = () => group(null, [['count', text('clicks: ' + clicks)], ['go', group('button', [['label', 'Count']], { on: { click: () => { clicks += 1; render(view()); } } })]]);
render(view());`;
  expect(await attach(page, 'counter', code)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('clicks: 0')).toBeVisible();
  await page.getByRole('button', { name: 'Count' }).click();
  await expect(page.getByText('clicks: 1')).toBeVisible();
  // Never silent: the host heard the mode, and why.
  expect(await isolation(page)).toEqual([
    {
      generatorId: 'counter',
      mode: 'frame',
      message: expect.stringContaining("refuses the program's blob: Worker (worker-src)"),
    },
  ]);
  // The relay's frame holds the program's frame (a frame whose parent is not the page).
  expect(
    page.frames().filter((frame) => frame.parentFrame() !== null && frame.parentFrame() !== page.mainFrame()),
  ).toHaveLength(1);
});

test("under the MCP Apps spec's default CSP with nothing declared (no worker-src: script-src refuses blob:) the program runs in the nested frame", async ({
  page,
}) => {
  await openWithoutWorkers(page, {}, specCsp({}));
  expect(await attach(page, 'spec', "suip.render(suip.text('under the spec default'));")).toEqual({
    ok: true,
    status: 'ready',
  });
  await expect(page.getByText('under the spec default')).toBeVisible();
  // Chromium names the effective directive worker-src even when script-src is the one that refused.
  expect(await isolation(page)).toEqual([
    {
      generatorId: 'spec',
      mode: 'frame',
      message: expect.stringContaining("refuses the program's blob: Worker (worker-src)"),
    },
  ]);
});

test('with Workers allowed the mode is reported too: worker', async ({ page }) => {
  await openHost(page);
  expect(await attach(page, 'plain', "suip.render(suip.text('in a Worker'));")).toEqual({ ok: true, status: 'ready' });
  await expect
    .poll(() => isolation(page))
    .toEqual([{ generatorId: 'plain', mode: 'worker', message: 'the program runs in a blob Worker' }]);
  expect(
    page.frames().filter((frame) => frame.parentFrame() !== null && frame.parentFrame() !== page.mainFrame()),
  ).toHaveLength(0);
});

test("the program in the nested frame sends no request: the canary records nothing but the navigations' TCP connects", async ({
  page,
}) => {
  const canary = await startCanary();
  try {
    await openWithoutWorkers(page);
    const code = `const url = '${canary.origin}/';
const tried = [];
const attempt = async (name, act) => { try { await act(); tried.push(name + ': no error'); } catch (error) { tried.push(name + ': ' + (error && error.name)); } };
await attempt('fetch', () => fetch(url + 'fetch'));
await attempt('no-cors', () => fetch(url + 'no-cors', { mode: 'no-cors', keepalive: true }));
await attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', url + 'xhr', false); x.send(); });
await attempt('websocket', () => new WebSocket(url.replace('http', 'ws') + 'ws'));
await attempt('eventsource', () => new EventSource(url + 'sse'));
await attempt('beacon', () => navigator.sendBeacon(url + 'beacon', 'x'));
await attempt('img', () => { const i = document.createElement('img'); i.src = url + 'img'; document.body.append(i); });
await attempt('prefetch', () => { const l = document.createElement('link'); l.rel = 'prefetch'; l.href = url + 'prefetch'; document.head.append(l); });
await attempt('script', () => { const s = document.createElement('script'); s.src = url + 'script'; document.head.append(s); });
await attempt('form', () => { const f = document.createElement('form'); f.action = url + 'form'; f.method = 'post'; document.body.append(f); f.submit(); });
await attempt('open', () => { if (window.open(url + 'open') !== null) throw new Error('opened'); });
await attempt('import', () => import(url + 'import.js'));
await attempt('worker', () => new Worker(url + 'worker.js'));
await attempt('host-dom', () => top.document.body);
await attempt('relay-dom', () => parent.document.body);
await new Promise((resolve) => setTimeout(resolve, 500));
const navigate = async () => {
  const frame = document.createElement('iframe'); frame.src = url + 'frame'; document.body.append(frame);
  await new Promise((resolve) => setTimeout(resolve, 500));
  location.href = url + 'navigate';
};
await suip.render(suip.group(null, [['n', suip.text('tried: ' + tried.length)], ['dom', suip.text(tried.slice(-2).join(', '))],
  ['go', suip.group('button', [['label', 'navigate']], { on: { click: () => { void navigate(); } } })]]));`;
    expect(await attach(page, 'egress', code)).toEqual({ ok: true, status: 'ready' });
    await expect(page.getByText('tried: 15')).toBeVisible({ timeout: 15_000 });
    // Its origin is opaque and not the relay's: neither the host's document nor the relay's is reachable.
    await expect(page.getByText('host-dom: SecurityError, relay-dom: SecurityError')).toBeVisible();
    await page.waitForTimeout(1000);
    // Every request API of a window, refused by the CSP or the sandbox: nothing at all reached the canary.
    expect(canary.hits, describeHits(canary.hits)).toHaveLength(0);
    // Only now does the program navigate: its TCP connects (below) must not land before the check above, which a
    // timer in the program could not promise on a loaded machine (the check then saw one, twice, beside two hogs).
    await page.getByRole('button', { name: 'navigate' }).click();
    // A navigation (a frame the program adds, then its own location): refused before any request, by
    // the nested document's policy and the relay frame's (frame-src, from default-src 'none'). But
    // Chromium opens a TCP connection to the named host first (so it also resolves its name): the
    // one reach this mode has that a Worker has not, besides WebRTC (docs/security.md).
    // The navigation is refused by the relay frame's policy (frame-src, from default-src 'none');
    // the refused frame's error page is a second load, which ends the run.
    const ended = await waitForStatus(page, 'egress', 'terminated');
    expect(ended.message).toContain('navigated');
    await page.waitForTimeout(1000);
    console.log(
      `MEASURE worker-less navigations reached the canary as: ${JSON.stringify(canary.hits.map((hit) => hit.kind))}`,
    );
    expect(
      canary.hits.filter((hit) => hit.kind !== 'tcp'),
      describeHits(canary.hits),
    ).toHaveLength(0);
  } finally {
    await canary.close();
  }
});

test('while (true) {} in the nested frame: the host keeps running, its watchdog ends the program, a new one attaches @stall', async ({
  page,
}) => {
  await openWithoutWorkers(page);
  const idle = await control(page, 1500);
  const looping = await attach(
    page,
    'loop',
    `suip.render(suip.group(null, [['t', suip.text('about to loop')]])).then(() => { while (true) {} });`,
  );
  expect(looping).toEqual({ ok: true, status: 'ready' });
  await meter(page, 'start');
  const terminated = await waitForStatus(page, 'loop', 'terminated');
  const during = await meter(page, 'read');
  console.log(`MEASURE worker-less loop: ${show('host', during)}; ${show('control (idle host)', idle)}`);
  expect(terminated.reason).toBe('heartbeat');
  expect(terminated.message).toContain("did not answer the host's heartbeat");
  expect(during.gap).toBeLessThan(idle.gap + STALL_BOUND_MS);
  expect(await subtree(page, 'loop')).toBeUndefined();
  await expect(page.locator('iframe')).toHaveCount(0);
  // A new generator gets a frame whose process is not the looping one (that one went with its frame).
  const next = await attach(page, 'after', "suip.render(suip.text('alive after the loop'));");
  expect(next).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('alive after the loop')).toBeVisible();
});

for (const [what, flood, outcome] of [
  [
    'renders and rejections',
    "suip.render(suip.text('flood ' + n)); if (i === 0) Promise.reject(new Error('flooding ' + n));",
    'error',
  ],
  // A window can post to every window of the tab: the host's guard ends it at the first post.
  ["posts to the host page's window", "top.postMessage('x'.repeat(10000), '*');", 'terminated'],
] as const) {
  test(`a flood of ${what} from the nested frame: the host stays responsive @stall`, async ({ page }) => {
    await openWithoutWorkers(page);
    const idle = await control(page, 1500);
    const code = `let n = 0;
setInterval(() => { for (let i = 0; i < 200; i++) { n += 1; try { ${flood} } catch {} } }, 0);`;
    expect(await attach(page, 'flood', code)).toMatchObject({ ok: true });
    await meter(page, 'start');
    await page.waitForTimeout(3000);
    const during = await meter(page, 'read');
    const status = await page.evaluate(() => window.sandboxTest.status('flood'));
    console.log(
      `MEASURE worker-less flood of ${what}: ${show('host', during)}; ${show('control (idle host)', idle)}; status ${status}`,
    );
    expect(during.gap).toBeLessThan(idle.gap + STALL_BOUND_MS);
    expect(status).toBe(outcome);
    await page.locator('#host-button').click();
  });
}

test('an unbounded allocation in the nested frame: the host stays responsive, the program is ended @stall', async ({
  page,
}) => {
  await openWithoutWorkers(page, { watchdog: { timeoutMs: 500 } });
  const idle = await control(page, 1500);
  const code = `await suip.render(suip.text('allocating'));
const keep = [];
for (;;) keep.push(new Array(1e6).fill(keep.length));`;
  expect(await attach(page, 'alloc', code)).toMatchObject({ ok: true });
  await meter(page, 'start');
  const terminated = await waitForStatus(page, 'alloc', 'terminated', 30_000);
  const during = await meter(page, 'read');
  console.log(
    `MEASURE worker-less allocation: ${show('host', during)}; ${show('control (idle host)', idle)}; ended: ${terminated.reason}`,
  );
  expect(terminated.reason).toBe('heartbeat');
  expect(during.gap).toBeLessThan(idle.gap + STALL_BOUND_MS);
  const error = (await events(page)).find((e) => e.type === 'suip-error' && e.detail.generatorId === 'alloc');
  expect(JSON.stringify(error?.detail)).toContain('heartbeat');
  expect(await attach(page, 'after', "suip.render(suip.text('alive after the allocation'));")).toEqual({
    ok: true,
    status: 'ready',
  });
});

test('a loop in one Worker-less program stops the others of the page too (their frames share a process), and the host ends each @stall', async ({
  page,
}) => {
  await openWithoutWorkers(page);
  expect(await attach(page, 'bystander', "suip.render(suip.text('bystander'));")).toEqual({
    ok: true,
    status: 'ready',
  });
  expect(await attach(page, 'loop', `suip.render(suip.text('looping')).then(() => { while (true) {} });`)).toEqual({
    ok: true,
    status: 'ready',
  });
  expect((await waitForStatus(page, 'loop', 'terminated')).reason).toBe('heartbeat');
  // Chromium puts every sandboxed frame of one site in one process: the bystander's relay and
  // program waited on the same thread, so the host's watchdog ended it as well.
  expect((await waitForStatus(page, 'bystander', 'terminated')).reason).toBe('heartbeat');
  expect(await attach(page, 'after', "suip.render(suip.text('alive after both'));")).toEqual({
    ok: true,
    status: 'ready',
  });
  await expect(page.getByText('alive after both')).toBeVisible();
});

test('a restart in a kept frame (detach keep, attach adopt) runs in the nested frame again; the old program sends nothing more', async ({
  page,
}) => {
  await page.route('**/e2e/fixtures/protocol/host.html', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': NO_WORKERS } });
  });
  await page.goto('/e2e/fixtures/protocol/host.html');
  await page.waitForFunction(() => 'protocolTest' in window);
  const modes: string[] = [];
  await page.exposeFunction('recordMode', (mode: string) => void modes.push(mode));
  await page.evaluate(() =>
    document.addEventListener(
      'suip-isolation',
      (event) => void (window as unknown as { recordMode(m: string): void }).recordMode(event.detail.mode),
    ),
  );
  const ticking =
    "let n = 0; suip.render(suip.text('old tick 0')); setInterval(() => { n += 1; void suip.render(suip.text('old tick ' + n)); }, 20);";
  await page.evaluate((code) => window.protocolTest.attachProgram('r', code), ticking);
  await expect(page.getByText(/old tick [1-9]/)).toBeVisible();
  await page.evaluate(() => window.protocolTest.detach('r', true));
  expect(
    await page.evaluate(() =>
      window.protocolTest.attachProgram('r', "suip.render(suip.text('new run'))", { adopt: true }),
    ),
  ).toMatchObject({ ok: true, status: 'ready' });
  await expect(page.getByText('new run')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByText(/old tick/)).toHaveCount(0);
  // One relay frame, one program frame in it: the old run's frame went with it.
  await expect(page.locator('[data-suip-frames] iframe')).toHaveCount(1);
  expect(
    page.frames().filter((frame) => frame.parentFrame() !== null && frame.parentFrame() !== page.mainFrame()),
  ).toHaveLength(1);
  expect(modes).toEqual(['frame', 'frame']);
});

test('in the nested frame a syntax error fails attach with its line, and an exception is reported with its line', async ({
  page,
}) => {
  await openWithoutWorkers(page);
  const broken = await attach(page, 'broken', 'const a = 1;\nconst = ;');
  expect(broken.ok).toBe(false);
  const failed = await waitForStatus(page, 'broken', 'error');
  expect(failed.reason).toBe('startup-failed');
  expect(failed.message).toMatch(/SyntaxError|Unexpected/);
  expect(failed.message).toContain('line 2');
  const thrower = ["suip.render(suip.text('before the throw'));", '', "throw new Error('boom at three');"].join('\n');
  expect(await attach(page, 'thrower', thrower)).toMatchObject({ ok: true });
  const status = await waitForStatus(page, 'thrower', 'error');
  expect(status.message).toContain('boom at three');
  expect(status.message).toContain('line 3');
});
