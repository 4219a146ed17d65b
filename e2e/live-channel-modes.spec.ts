import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { group } from '../generator/runtime/builders.ts';
import { createAgentClient, type AgentClient } from '../server/sessions/agent-client.ts';
import { serveRemoteGenerator } from '../server/sessions/remote-generator.ts';
import { hasRedisServer, startRedisServer, type RedisServer } from '../server/testing/redis-server.ts';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';

/**
 * `<suip-live>` in Chromium against real server processes on 127.0.0.1: program mode with the
 * pending badge cleared by drain_ack (SQLite); program mode failing over from a killed process to
 * another behind a real redis-server with no gap and no duplicate; remote mode (a generator
 * running in this Node process, its suip messages in `_suip` frames) surviving a SIGKILL of the
 * page's server and a replay window it fell behind (adopt), ending with the DOM of a fresh page.
 */

const AGENT = 'agent-token-e2e-modes';
const SECRET = 'shared-secret-e2e-modes';
const dirs: string[] = [];
const servers: ServerProcess[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-live-modes-'));
  dirs.push(dir);
  return dir;
};
const wsUrl = (server: ServerProcess) => `${server.url.replace('http', 'ws')}/ws`;

async function start(origin: string, extra: string[] = []): Promise<ServerProcess> {
  const server = await startServer([
    '--data-dir',
    freshDir(),
    '--agent-token',
    AGENT,
    '--secret',
    SECRET,
    '--origins',
    origin,
    ...extra,
  ]);
  servers.push(server);
  return server;
}

async function mount(page: Page, urls: string[], sessionId: string, token: string): Promise<void> {
  await page.goto('/e2e/fixtures/live/element.html');
  await page.waitForFunction(() => 'liveElement' in window);
  await page.evaluate(
    ([u, s, t]) =>
      (window as unknown as { liveElement: { mount(u: string[], s: string, t: string): void } }).liveElement.mount(
        u as string[],
        s as string,
        t as string,
      ),
    [urls, sessionId, token] as const,
  );
}

const PROGRAM = `const { render, group } = suip;
let pending = 0;
const messages = [];
const view = () => group('card', [
  ['count', messages.length + ' messages'],
  ['list', group('list', messages.map((m) => ['m' + m.seq, m.payload]))],
  ['pending', 'waiting for the agent: ' + pending],
  ['book', group('button', [['label', 'Book']], { on: { click: () => suip.output('action', { type: 'book', payload: { at: messages.length } }) } })],
]);
suip.onInput('messages', (d) => { messages.push(d); render(view()); });
suip.onInput('live:pending', (n) => { pending = n; render(view()); });
render(view());`;

// Real processes, a cold Vite and two shared cores: generous, and no timing is asserted.
test.setTimeout(180_000);

test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill().catch(() => undefined);
});
test.afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('<suip-live> program mode: a click is pending until the agent drains it (drain_ack), in the page and in the program', async ({
  page,
  baseURL,
}) => {
  const server = await start(new URL(baseURL!).origin);
  const agent = createAgentClient({ url: server.url, agentToken: AGENT });
  const { sessionId, wsToken } = await agent.createSession({ appId: 'e2e' });
  await agent.render(sessionId, {
    id: sessionId,
    runtime: 'suip/1.0',
    componentCode: PROGRAM,
    actionSpec: { book: {} },
  });
  await agent.data(
    sessionId,
    [1, 2, 3].map((i) => ({ channel: 'messages', mode: 'append' as const, payload: `message ${i}` })),
  );
  await mount(page, [wsUrl(server)], sessionId, wsToken);
  const tree = page.locator('suip-live suip-tree');
  await expect(tree.getByText('3 messages')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#status')).toHaveText('connected');
  await tree.getByRole('button', { name: 'Book' }).click();
  await expect(page.locator('#pending')).toHaveText('1');
  await expect(tree.getByText('waiting for the agent: 1')).toBeVisible();
  // Pending counts from the send; the agent reads the action once its durable write committed (group commit, off the event loop).
  type Actions = { actions: Array<{ payload: { type: string; payload: unknown; clientSeq: number } }>; last: number };
  const read = async () =>
    (await (
      await fetch(`${server.url}/api/sessions/${sessionId}/actions?since=0`, {
        headers: { authorization: `Bearer ${AGENT}` },
      })
    ).json()) as Actions;
  await expect.poll(async () => (await read()).actions.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const { actions, last } = await read();
  expect(actions.map((a) => [a.payload.type, a.payload.payload, a.payload.clientSeq])).toEqual([
    ['book', { at: 3 }, 1],
  ]);
  expect(await agent.drain(sessionId, last)).toMatchObject({ drained: 1 });
  await expect(page.locator('#pending')).toHaveText('0');
  await expect(tree.getByText('waiting for the agent: 0')).toBeVisible();
});

test.describe('behind a real redis-server', () => {
  test.skip(!hasRedisServer(), 'redis-server is not installed (.ci/run installs it)');
  let redis: RedisServer;
  test.beforeAll(async () => {
    redis = await startRedisServer();
  });
  test.afterAll(async () => {
    await redis?.stop();
  });

  test('program mode: the page on A, the agent on B, A killed: the page fails over to B with no gap and no duplicate, like a fresh page', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const a = await start(origin, ['--redis', redis.url]);
    const b = await start(origin, ['--redis', redis.url]);
    const agent = createAgentClient({ url: b.url, agentToken: AGENT });
    const { sessionId, wsToken } = await agent.createSession();
    await agent.render(sessionId, {
      id: sessionId,
      runtime: 'suip/1.0',
      componentCode: PROGRAM,
      actionSpec: { book: {} },
    });
    for (let i = 1; i <= 20; i += 1)
      await agent.data(sessionId, { channel: 'messages', mode: 'append', payload: `message ${i}` });
    await mount(page, [wsUrl(a), wsUrl(b)], sessionId, wsToken);
    const tree = page.locator('suip-live suip-tree');
    await expect(tree.getByText('20 messages')).toBeVisible({ timeout: 20_000 });
    await a.kill();
    for (let i = 21; i <= 40; i += 1)
      await agent.data(sessionId, { channel: 'messages', mode: 'append', payload: `message ${i}` });
    await expect(tree.getByText('40 messages')).toBeVisible({ timeout: 20_000 });
    for (let i = 1; i <= 40; i += 1) await expect(tree.getByText(`message ${i}`, { exact: true })).toHaveCount(1);
    const statuses = await page.evaluate(
      () => (window as unknown as { liveElement: { statuses: string[] } }).liveElement.statuses,
    );
    expect(statuses).toContain('reconnecting');
    expect(statuses.at(-1)).toBe('connected');
    const fresh = await page.context().newPage();
    await mount(fresh, [wsUrl(b)], sessionId, await agent.token(sessionId));
    await expect(fresh.locator('suip-live suip-tree').getByText('40 messages')).toBeVisible({ timeout: 20_000 });
    expect(await tree.locator('suip-list').innerText()).toBe(
      await fresh.locator('suip-live suip-tree suip-list').innerText(),
    );
  });

  test('remote mode: a Node generator streams into the page over _suip; A is killed mid-stream and the page falls behind the window: it resumes on B by adopting, ends exact, and matches a fresh page', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const a = await start(origin, ['--redis', redis.url, '--window', '50']);
    const b = await start(origin, ['--redis', redis.url, '--window', '50']);
    const agent: AgentClient = createAgentClient({ url: b.url, agentToken: AGENT });
    const { sessionId, wsToken } = await agent.createSession();
    const errors: unknown[] = [];
    const remote = await serveRemoteGenerator({
      agent,
      sessionId,
      name: 'e2e agent',
      onError: (error) => errors.push(error),
    });
    let clicks = 0;
    let words: string[] = [];
    const view = () =>
      group('card', [
        ['title', 'Streaming from Node'],
        ['body', words.length > 0 ? words.join(' ') : '(nothing yet)'],
        ['count', `${words.length} words`],
        [
          'more',
          group('button', [['label', `Clicked ${clicks}`]], {
            on: { click: () => void remote.render(((clicks += 1), view())) },
          }),
        ],
      ]);
    await remote.render(view());
    await mount(page, [wsUrl(a), wsUrl(b)], sessionId, wsToken);
    const tree = page.locator('suip-live suip-tree');
    await expect(tree.getByText('Streaming from Node')).toBeVisible({ timeout: 20_000 });
    await remote.attached();
    await tree.getByRole('button', { name: 'Clicked 0' }).click();
    await expect(tree.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
    // Stream 60 words; A dies after 20, and while the page is away 400 other frames push it past the window (Redis trims whole nodes of 100).
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const stream = (async () => {
      for (let i = 1; i <= 60; i += 1) {
        if (i === 21) await gate;
        words = [...words, `w${i}`];
        await remote.render(view());
      }
    })();
    await expect(tree.getByText('20 words')).toBeVisible({ timeout: 20_000 });
    // Offline, so the page cannot fail over at once: it comes back only after the window moved on.
    await page.context().setOffline(true);
    await a.kill();
    await agent.data(
      sessionId,
      Array.from({ length: 400 }, (_, i) => ({ channel: 'noise', mode: 'append' as const, payload: i })),
    );
    await page.context().setOffline(false);
    open();
    await stream;
    await expect(tree.getByText('60 words')).toBeVisible({ timeout: 30_000 });
    await expect(
      tree.getByText(Array.from({ length: 60 }, (_, i) => `w${i + 1}`).join(' '), { exact: true }),
    ).toHaveCount(1);
    // The page came back behind the window: a second attach epoch (adopt), not a replay.
    expect(remote.epochs).toBe(2);
    await tree.getByRole('button', { name: 'Clicked 1' }).click();
    await expect(tree.getByRole('button', { name: 'Clicked 2' })).toBeVisible();
    const fresh = await page.context().newPage();
    await mount(fresh, [wsUrl(b)], sessionId, await agent.token(sessionId));
    await expect(fresh.locator('suip-live suip-tree').getByText('60 words')).toBeVisible({ timeout: 20_000 });
    await expect(fresh.locator('suip-live suip-tree').getByRole('button', { name: 'Clicked 2' })).toBeVisible();
    expect(await fresh.locator('suip-live suip-tree suip-card').innerText()).toBe(
      await tree.locator('suip-card').innerText(),
    );
    expect(errors).toEqual([]);
    remote.close();
  });
});
