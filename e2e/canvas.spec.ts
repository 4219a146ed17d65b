import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { encode } from '@toon-format/toon';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvasSseFold } from '../adapters/canvas/inputs/sse.ts';
import { compact } from '../adapters/canvas/state.ts';
import { KANBAN_DATA, KANBAN_DEFINE, SAMPLES } from '../adapters/canvas/testing/samples.ts';
import { checkOp } from '../shared/neighbours/canvas/ops.ts';
import { hasRedisServer, startRedisServer } from '../server/testing/redis-server.ts';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';
import { composedHtml } from './helpers/host-dom.ts';
import { startHostCpu } from './helpers/host-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';

/**
 * The GenUI canvas (seed 001) in Chromium against real server processes on 127.0.0.1: an agent
 * posts ops (JSON and TOON) to the server, the page gets the compacted canvas and then the live
 * channel. Built-ins, axe, one leaf op per patch, moves that keep the node and focus, the seed's
 * kanban working locally, hostile widgets contained, offline resume, and failover behind Redis.
 */

const AGENT = 'agent-token-canvas-e2e';
type Hooks = {
  canvasTest: {
    connect(urls: string[], id: string, token: string): Promise<void>;
    transactions: string[][];
    applied: number[];
    actions: unknown[];
    issues: Array<{ message: string }>;
    statuses: string[];
    settle(): Promise<void>;
  };
};

let server: ServerProcess;
let dir: string;
let origin: string;

async function agent(path: string, body?: unknown, base = server.url): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${AGENT}` },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}
const post = async (sessionId: string, ops: unknown, base = server.url) => {
  const result = await agent(
    `/api/canvas/${sessionId}/ops`,
    typeof ops === 'string' ? ops : { ops: Array.isArray(ops) ? ops : [ops] },
    base,
  );
  expect(result.status, JSON.stringify(result)).toBe(200);
  return result.seqs as number[];
};
const newCanvas = async (base = server.url) =>
  (await agent('/api/sessions', { appId: 'canvas-e2e' }, base)) as unknown as { sessionId: string; wsToken: string };

async function open(page: Page, sessionId: string, wsToken: string, urls = [server.url]): Promise<void> {
  await page.goto('/e2e/fixtures/canvas/host.html');
  await page.waitForFunction(() => 'canvasTest' in window);
  await page.evaluate(
    ([u, id, token]) => (window as unknown as Hooks).canvasTest.connect(u as string[], id as string, token as string),
    [urls, sessionId, wsToken] as const,
  );
}
const hooks = <T>(page: Page, pick: (h: Hooks['canvasTest']) => T) =>
  page.evaluate((source) => {
    const fn = new Function('h', `return (${source})(h)`) as (h: unknown) => unknown;
    return JSON.parse(JSON.stringify(fn((window as unknown as Hooks).canvasTest) ?? null)) as unknown;
  }, pick.toString()) as Promise<T>;

test.beforeAll(async ({}, info) => {
  dir = mkdtempSync(join(tmpdir(), 'suip-canvas-e2e-'));
  origin = new URL(info.project.use.baseURL!).origin;
  // Pages reach this server through a cuttable TCP relay on another port too, so its Host names the relay:
  // any Host is answered here (the Host allowlist is the edge's, proven in server/hostile/edge.test.ts).
  server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--origins', origin, '--hosts', '*']);
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('every built-in renders (ops in JSON and in TOON), with axe-core reporting zero violations', async ({ page }) => {
  const { sessionId, wsToken } = await newCanvas();
  const types = Object.keys(SAMPLES);
  for (const [i, type] of types.entries()) {
    const op = { op: 'upsert', id: `c-${type}`, type, data: SAMPLES[type] };
    // Every other type goes as TOON text, the seed's token-efficient encoding.
    await post(sessionId, i % 2 === 0 ? [op] : encode(op));
  }
  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  for (const text of [
    'Welcome',
    'Uptime',
    'Debian 12',
    'Grace',
    'def add',
    'typescript',
    'FAQ',
    'Overview',
    'CPU (%)',
    'Upload',
    'Latency',
    'Visits',
    'Temperature',
    'Browsers',
    'Disk',
    'Hotel',
    'Trip planner',
    'Storm warning',
    'Operational',
    'Ordered',
    'Write tests',
    'Streak',
    'Approve',
    'Filters',
    'Dark mode',
    'City',
    'Volume',
    'Contact',
    'Subscribe',
    'A blue box',
    'Tour',
    'Docs',
    'Partly Cloudy',
  ]) {
    await expect(tree.getByText(text, { exact: false }).first()).toBeAttached({ timeout: 20_000 });
  }
  expect(await tree.getByText('Unknown component type').count()).toBe(0);
  expect(await hooks(page, (h) => h.issues)).toEqual([]);
  const result = await new AxeBuilder({ page }).include('#renderer').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a patch of one field sends exactly one leaf op and keeps the card; a move keeps the element and its focus', async ({
  page,
}) => {
  const { sessionId, wsToken } = await newCanvas();
  await post(sessionId, [
    {
      op: 'upsert',
      id: 'weather-paris',
      type: 'weather',
      data: { city: 'Paris', temp: 18, condition: 'Partly Cloudy' },
    },
    { op: 'upsert', id: 'note', type: 'card', data: { title: 'Note', text: 'hello' } },
    { op: 'upsert', id: 'city', type: 'input', data: { label: 'City', placeholder: 'Where to?' } },
  ]);
  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('Partly Cloudy')).toBeVisible({ timeout: 20_000 });
  const card = await tree.locator('suip-card').first().elementHandle();
  await page.evaluate(() => ((window as unknown as Hooks).canvasTest.transactions.length = 0));
  await post(sessionId, { op: 'patch', id: 'weather-paris', data: { condition: 'Sunny' } });
  await expect(tree.getByText('Sunny')).toBeVisible({ timeout: 15_000 });
  expect(await hooks(page, (h) => h.transactions)).toEqual([['replace']]);
  expect(await card!.evaluate((node) => node.isConnected)).toBe(true);

  const field = tree.getByLabel('City');
  await field.click();
  await field.pressSequentially('Oslo');
  const before = await field.elementHandle();
  await page.evaluate(() => ((window as unknown as Hooks).canvasTest.transactions.length = 0));
  await post(sessionId, { op: 'move', id: 'city', layout: { order: 0 } });
  await expect.poll(() => hooks(page, (h) => h.transactions), { timeout: 15_000 }).toEqual([['remove', 'insert']]);
  // Same DOM node, still focused, typed value kept; and it is now first.
  expect(await before!.evaluate((node) => node.isConnected)).toBe(true);
  expect(
    await page.evaluate((node) => {
      let a: Element | null = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return a === node;
    }, before),
  ).toBe(true);
  await expect(field).toHaveValue('Oslo');
  const order = await tree.locator('suip-text-field, suip-card').evaluateAll((nodes) => nodes.map((n) => n.localName));
  expect(order[0]).toBe('suip-text-field');
});

test("the seed's kanban define works locally: Pick up / Move here moves a card and the counts update, with zero messages to the agent", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { sessionId, wsToken } = await newCanvas();
  await post(sessionId, [
    KANBAN_DEFINE,
    { op: 'upsert', id: 'board', type: 'kanban-board', data: KANBAN_DATA },
    {
      op: 'define',
      id: 'asker',
      component: { html: '<button data-action="ask" data-topic="billing">Ask the agent</button>', js: 'return false;' },
    },
    { op: 'upsert', id: 'ask', type: 'asker', data: {} },
  ]);
  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('To do (2)')).toBeVisible({ timeout: 30_000 });
  await tree.getByRole('button', { name: 'Pick up Write spec' }).click();
  await tree.getByRole('button', { name: 'Move here: Done' }).click();
  await expect(tree.getByText('Done (1)')).toBeVisible({ timeout: 10_000 });
  await expect(tree.getByText('To do (1)')).toBeVisible();
  // Keyboard only, too: the move is accessible.
  await tree.getByRole('button', { name: 'Pick up Build canvas' }).focus();
  await page.keyboard.press('Enter');
  await tree.getByRole('button', { name: 'Move here: Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(tree.getByText('Done (2)')).toBeVisible({ timeout: 10_000 });
  await expect(tree.getByText('Doing (0)')).toBeVisible();
  // A handler that returns false sends the action upstream; the kanban's sent nothing.
  await tree.getByRole('button', { name: 'Ask the agent' }).click();
  await expect
    .poll(async () => ((await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as unknown[]).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [recorded] = (await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as Array<{
    payload: { type: string; payload: unknown };
  }>;
  expect(recorded!.payload).toMatchObject({
    type: 'widget-action',
    payload: { type: 'widget-action', id: 'ask', action: 'ask', payload: { topic: 'billing' } },
  });
  expect(await hooks(page, (h) => h.actions)).toHaveLength(1);
  const axe = await new AxeBuilder({ page }).include('#renderer').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // undefine: the instance stays visible and stops updating; other components still update.
  await post(sessionId, [
    { op: 'undefine', id: 'kanban-board' },
    { op: 'patch', id: 'board', data: { columns: [] } },
    { op: 'upsert', id: 'later', type: 'card', data: { title: 'Later', text: 'after undefine' } },
  ]);
  await expect(tree.getByText('after undefine')).toBeVisible({ timeout: 15_000 });
  await expect(tree.getByText('Done (2)')).toBeVisible();
  await expect(tree.getByText('Write spec', { exact: true })).toBeVisible();
});

test('hostile widgets (while(true) in a handler and at start, fetch, a huge template, 1,000 defines) are ended or refused; the rest keeps working', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { sessionId, wsToken } = await newCanvas();
  await post(sessionId, [
    {
      op: 'define',
      id: 'spinner',
      component: { html: '<button data-action="spin">Spin</button>', js: 'while (true) {}' },
    },
    { op: 'upsert', id: 'spin', type: 'spinner', data: {} },
    { op: 'define', id: 'escaper', component: { html: '<p>escaped</p>', js: '}\nwhile (true) {}\n{' } },
    { op: 'upsert', id: 'escape', type: 'escaper', data: {} },
    {
      op: 'define',
      id: 'fetcher',
      component: {
        html: '<button data-action="go">Fetch</button><p>{{result}}</p>',
        js: "fetch('http://127.0.0.1:9/steal').then(() => { data.result = 'LEAKED'; render(); }, (e) => { data.result = 'blocked: ' + e.name; render(); }); return true;",
      },
    },
    { op: 'upsert', id: 'fetch', type: 'fetcher', data: { result: 'idle' } },
    { op: 'upsert', id: 'note', type: 'card', data: { title: 'Note', text: 'still here' } },
    { op: 'upsert', id: 'act', type: 'buttons', data: { buttons: [{ label: 'Ping', action: 'ping' }] } },
  ]);
  // Refused at the door, naming the limit; nothing recorded.
  const huge = await agent(`/api/canvas/${sessionId}/ops`, {
    op: 'define',
    id: 'huge',
    component: { html: `<p>${'x'.repeat(60_000)}</p>` },
  });
  expect(huge).toMatchObject({ status: 409, error: expect.stringContaining('the seed allows 50 KB') });
  const many = await agent(`/api/canvas/${sessionId}/ops`, {
    ops: Array.from({ length: 1000 }, (_, i) => ({ op: 'define', id: `w${i}x`, component: { html: '<p>x</p>' } })),
  });
  expect(many).toMatchObject({ status: 409, error: expect.stringContaining('30 widget types are defined already') });

  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('still here')).toBeVisible({ timeout: 30_000 });
  // The escaping js loops at start: the watchdog ends that instance only, and its place says why.
  await expect(tree.getByText('Widget escape stopped')).toBeVisible({ timeout: 30_000 });
  // fetch from a widget goes nowhere (the sandbox has no network).
  await tree.getByRole('button', { name: 'Fetch' }).click();
  await expect(tree.getByText(/blocked: /)).toBeVisible({ timeout: 15_000 });
  await expect(tree.getByText('LEAKED')).toHaveCount(0);
  // A handler that never returns: that instance is ended; the host stays responsive.
  const control = await openControlPage(page);
  await page.bringToFront();
  await tree.getByRole('button', { name: 'Spin' }).click();
  // Measured while the handler spins (the fixture's watchdog ends it after 1 s without a pong).
  await Promise.all([startStallMeter(page), startStallMeter(control)]);
  const cpu = await startHostCpu(page);
  await page.waitForTimeout(700);
  const [stall, idle, hostCpuMs] = await Promise.all([readStallMeter(page), readStallMeter(control), cpu?.read()]);
  await expect(tree.getByText('Widget spin stopped')).toBeVisible({ timeout: 30_000 });
  console.log(
    `MEASURE canvas spin widget: host max gap ${stall.maxGap} ms, idle control page ${idle.maxGap} ms, host CPU ${hostCpuMs ?? 'n/a'} ms`,
  );
  const verdict = judgeStall(stall, idle, hostCpuMs, 100);
  expect(verdict.ok, verdict.why).toBe(true);
  await control.close();
  // The rest of the canvas keeps working.
  await post(sessionId, { op: 'patch', id: 'note', data: { text: 'updated after the attacks' } });
  await expect(tree.getByText('updated after the attacks')).toBeVisible({ timeout: 15_000 });
  await tree.getByRole('button', { name: 'Ping' }).click();
  await expect
    .poll(() => hooks(page, (h) => h.actions), { timeout: 10_000 })
    .toEqual([{ type: 'widget-action', id: 'act', action: 'ping', payload: {} }]);
});

test('a define whose template cannot parse: 400 with line and column at POST; one that reaches the page anyway labels its instances broken, and the agent reads widget-error (refused, broken, stopped by the watchdog) in its actions feed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { sessionId, wsToken } = await newCanvas();
  await post(sessionId, [{ op: 'upsert', id: 'note', type: 'card', data: { title: 'Note', text: 'still here' } }]);
  const broken = {
    op: 'define',
    id: 'bad-w',
    component: { html: '<div>\n  {{#each items}}\n  <p>{{name}}</p>\n</div>' },
  };
  expect(await agent(`/api/canvas/${sessionId}/ops`, { ops: [broken] })).toEqual({
    status: 400,
    error:
      'op 0: define bad-w: the template does not parse: {{#each}} opened at line 2, column 3 is never closed; close it with {{/each}}',
    index: 0,
    code: 'TEMPLATE_INVALID',
  });
  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('still here')).toBeVisible({ timeout: 20_000 });
  // The live channel's raw data route does not go through the canvas checks: the page must cope.
  expect(
    await agent(`/api/sessions/${sessionId}/data`, { channel: 'canvas', mode: 'append', payload: broken }),
  ).toMatchObject({ status: 200 });
  await post(sessionId, [
    { op: 'upsert', id: 'w1', type: 'bad-w', data: { items: [{ name: 'x' }] } },
    {
      op: 'define',
      id: 'spinner',
      component: { html: '<button data-action="spin">Spin</button>', js: 'while (true) {}' },
    },
    { op: 'upsert', id: 'spin', type: 'spinner', data: {} },
  ]);
  await expect(tree.getByText('Widget w1 is broken')).toBeVisible({ timeout: 20_000 });
  await expect(tree.getByText(/line 2, column 3 is never closed/)).toBeVisible();
  await expect(tree.getByText('Unknown component type')).toHaveCount(0);
  await tree.getByRole('button', { name: 'Spin' }).click();
  await expect(tree.getByText('Widget spin stopped')).toBeVisible({ timeout: 30_000 });
  type Recorded = { payload: { type: string; payload: { type: string; id: string; reason: string; message: string } } };
  const errors = async () =>
    ((await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as Recorded[])
      .filter((a) => a.payload.type === 'widget-error')
      .map((a) => a.payload.payload);
  await expect
    .poll(async () => (await errors()).map((e) => `${e.reason} ${e.id}`).sort(), { timeout: 20_000 })
    .toEqual(['broken-type w1', 'define-refused bad-w', 'stopped spin']);
  for (const e of await errors()) expect(Object.keys(e).sort()).toEqual(['id', 'message', 'reason', 'type']);
  expect((await errors()).find((e) => e.reason === 'define-refused')!.message).toContain('line 2, column 3');
  // The rest of the canvas keeps working.
  await post(sessionId, { op: 'patch', id: 'note', data: { text: 'after the failures' } });
  await expect(tree.getByText('after the failures')).toBeVisible({ timeout: 15_000 });
  // A page that joins later gets the refused define in the compacted state: the same label.
  const later = await page.context().newPage();
  await open(later, sessionId, wsToken);
  await expect(later.locator('suip-tree').getByText('Widget w1 is broken')).toBeVisible({ timeout: 20_000 });
  await expect(later.locator('suip-tree').getByText('Unknown component type')).toHaveCount(0);
});

test("Chromium's EventSource on the SSE transport: snapshot then ops; cut off while 30 ops pass a window of 10, its own Last-Event-ID resume gets a snapshot and ends equal to the server's state", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sseDir = mkdtempSync(join(tmpdir(), 'suip-canvas-sse-e2e-'));
  const sseServer = await startServer([
    '--data-dir',
    sseDir,
    '--agent-token',
    AGENT,
    '--origins',
    origin,
    '--window',
    '10',
    '--hosts',
    '*',
  ]);
  const link = await cuttableLink(new URL(sseServer.url).port);
  type Seen = { id: string; event: string; data: string };
  try {
    const { sessionId, wsToken } = await newCanvas(sseServer.url);
    await post(sessionId, [{ op: 'upsert', id: 'n', type: 'card', data: { text: '0' } }], sseServer.url);
    await page.goto('/e2e/fixtures/canvas/host.html');
    await page.evaluate(
      (url) => {
        const w = window as unknown as { sse: Seen[]; source: EventSource };
        w.sse = [];
        w.source = new EventSource(url);
        for (const name of ['snapshot', 'op', 'error'])
          w.source.addEventListener(name, (e) =>
            w.sse.push({
              id: (e as MessageEvent).lastEventId,
              event: name,
              data: String((e as MessageEvent).data ?? ''),
            }),
          );
      },
      `${link.url}/api/canvas/${sessionId}/sse?token=${encodeURIComponent(wsToken)}`,
    );
    // EventSource's own connection errors are `error` events without data; the server's carry data.
    const events = () =>
      page.evaluate(() =>
        (window as unknown as { sse: Seen[] }).sse.filter((e) => e.event !== 'error' || e.data !== ''),
      );
    await expect
      .poll(async () => (await events()).map((e) => [e.id, e.event]), { timeout: 15_000 })
      .toEqual([['2', 'snapshot']]);
    await post(sessionId, [{ op: 'patch', id: 'n', data: { text: '1' } }], sseServer.url);
    await expect
      .poll(async () => (await events()).map((e) => [e.id, e.event]), { timeout: 15_000 })
      .toEqual([
        ['2', 'snapshot'],
        ['3', 'op'],
      ]);
    link.cut();
    // While the page cannot reach the server, 30 ops push its last id (3) out of the window.
    for (let i = 0; i < 30; i += 1)
      await post(
        sessionId,
        [
          i % 3 === 0
            ? { op: 'upsert', id: `c${i}`, type: 'card', data: { text: `${i}` } }
            : { op: 'patch', id: 'n', data: { text: `${i}` } },
        ],
        sseServer.url,
      );
    const state = (await agent(`/api/canvas/${sessionId}/state`, undefined, sseServer.url)) as {
      seq: number;
      ops: unknown[];
    };
    expect(state.seq).toBe(33);
    link.restore();
    await expect.poll(async () => (await events()).at(-1)?.id, { timeout: 60_000 }).toBe('33');
    const got = await events();
    expect(got.slice(2).map((e) => [e.id, e.event])).toEqual([['33', 'snapshot']]);
    const fold = createCanvasSseFold();
    fold.push(got.map((e) => `id: ${e.id}\nevent: ${e.event}\ndata: ${e.data}\n\n`).join(''));
    expect(fold.errors).toEqual([]);
    expect(compact(fold.state)).toEqual(state.ops);
    for (const e of got)
      for (const op of e.event === 'snapshot' ? (JSON.parse(e.data) as { ops: unknown[] }).ops : [JSON.parse(e.data)])
        expect(checkOp(op)).toMatchObject({ ok: true });
  } finally {
    await page.evaluate(() => (window as unknown as { source?: EventSource }).source?.close()).catch(() => undefined);
    await link.close();
    await sseServer.stop().catch(() => undefined);
    rmSync(sseDir, { recursive: true, force: true });
  }
});

/** A TCP proxy to 127.0.0.1:<port> whose connections can be cut (every socket destroyed, new ones refused) and restored. */
async function cuttableLink(
  port: string,
): Promise<{ url: string; cut(): void; restore(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let down = false;
  const proxy = createNetServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(Number(port), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

const TWENTY = (i: number) =>
  [
    { op: 'upsert', id: `n${i}`, type: 'card', data: { title: `Card ${i}`, text: `text ${i}` } },
    { op: 'patch', id: 'counter', data: { value: i * 5 } },
    { op: 'move', id: 'headline', layout: { order: i } },
    {
      op: 'upsert',
      id: `s${i}`,
      type: 'status',
      data: { title: `Service ${i}`, color: i % 2 ? 'green' : 'red' },
      layout: { zone: 'side' },
    },
    { op: 'remove', id: `n${i - 1}` },
  ][i % 5];

test("offline → 20 more ops → online: the page resumes with no gap and no duplicate, and its DOM equals a fresh client's", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { sessionId, wsToken } = await newCanvas();
  await post(sessionId, [
    { op: 'upsert', id: 'headline', type: 'hero', data: { title: 'Live canvas' } },
    { op: 'upsert', id: 'counter', type: 'progress', data: { label: 'Done', value: 0 } },
  ]);
  // The page reaches the server through a proxy whose network can be cut (Chromium's offline
  // emulation leaves an open WebSocket untouched); the agent posts to the server directly.
  const link = await cuttableLink(new URL(server.url).port);
  await open(page, sessionId, wsToken, [link.url]);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('Live canvas')).toBeVisible({ timeout: 20_000 });
  link.cut();
  await expect(page.locator('#status')).toHaveText('reconnecting', { timeout: 20_000 });
  let last = 0;
  for (let i = 1; i <= 20; i += 1) last = (await post(sessionId, [TWENTY(i)]))[0]!;
  link.restore();
  await expect.poll(() => hooks(page, (h) => h.applied.at(-1)), { timeout: 30_000 }).toBe(last);
  const applied = await hooks(page, (h) => h.applied);
  expect(applied).toEqual(Array.from({ length: applied.length }, (_, i) => applied[0]! + i));
  const fresh = await context.newPage();
  await open(fresh, sessionId, wsToken);
  await expect(fresh.locator('suip-tree').getByText('Service 18')).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => (window as unknown as Hooks).canvasTest.settle());
  await fresh.evaluate(() => (window as unknown as Hooks).canvasTest.settle());
  expect(await composedHtml(page, 'suip-tree')).toBe(await composedHtml(fresh, 'suip-tree'));
  await link.close();
});

test('two server processes behind a real redis-server, one killed: the page moves to the other with no gap and no duplicate', async ({
  page,
  context,
}) => {
  test.skip(!hasRedisServer(), 'redis-server is not installed');
  test.setTimeout(300_000);
  const redis = await startRedisServer();
  const dirs = [mkdtempSync(join(tmpdir(), 'suip-canvas-ra-')), mkdtempSync(join(tmpdir(), 'suip-canvas-rb-'))];
  const args = (d: string) => [
    '--data-dir',
    d,
    '--agent-token',
    AGENT,
    '--origins',
    origin,
    '--redis',
    redis.url,
    '--secret',
    'canvas-e2e-shared-secret',
  ];
  const a = await startServer(args(dirs[0]!));
  const b = await startServer(args(dirs[1]!));
  try {
    const { sessionId, wsToken } = await newCanvas(a.url);
    await post(
      sessionId,
      [
        { op: 'upsert', id: 'headline', type: 'hero', data: { title: 'Failover' } },
        { op: 'upsert', id: 'counter', type: 'progress', data: { label: 'Done', value: 0 } },
      ],
      b.url,
    );
    await open(page, sessionId, wsToken, [a.url, b.url]);
    await expect(page.locator('suip-tree').getByText('Failover')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('#status')).toHaveText('connected', { timeout: 20_000 });
    for (let i = 1; i <= 5; i += 1) await post(sessionId, [TWENTY(i)], b.url);
    await a.kill();
    let last = 0;
    for (let i = 6; i <= 20; i += 1) last = (await post(sessionId, [TWENTY(i)], b.url))[0]!;
    await expect.poll(() => hooks(page, (h) => h.applied.at(-1)), { timeout: 60_000 }).toBe(last);
    const applied = await hooks(page, (h) => h.applied);
    expect(applied).toEqual(Array.from({ length: applied.length }, (_, i) => applied[0]! + i));
    const fresh = await context.newPage();
    await open(fresh, sessionId, wsToken, [b.url]);
    await expect(fresh.locator('suip-tree').getByText('Service 18')).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => (window as unknown as Hooks).canvasTest.settle());
    await fresh.evaluate(() => (window as unknown as Hooks).canvasTest.settle());
    expect(await composedHtml(page, 'suip-tree')).toBe(await composedHtml(fresh, 'suip-tree'));
  } finally {
    await a.kill().catch(() => undefined);
    await b.stop().catch(() => undefined);
    await redis.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
});
