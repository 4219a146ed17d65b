import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installSuipTesting, particle, waitForGeneratorStatus } from '../renderer/testing/index.ts';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';

/**
 * The live channel in Chromium against a real server process on 127.0.0.1 with a real SQLite file
 * (program mode): the agent commits a suip program, updates props and streams data; the user's
 * click comes back as an action; the server is killed with SIGKILL mid-stream and restarted on the
 * same file, and the page resumes by itself with no gap and no duplicate.
 */

const AGENT = 'agent-token-e2e';
const PROGRAM = `const { render, group } = suip;
let city = '…';
const messages = [];
const view = () => group('card', [
  ['title', 'Flights to ' + city],
  ['list', group('list', messages.map((m) => ['m' + m.seq, m.payload.text]))],
  ['count', messages.length + ' messages'],
  ['book', group('button', [['label', 'Book']], { on: { click: () => suip.output('action', { type: 'book', payload: { city } }) } })],
]);
suip.onInput('props', (props) => { city = props.city; render(view()); });
suip.onInput('messages', (d) => { messages.push(d); render(view()); });
render(view());`;

let server: ServerProcess;
let dir: string;
const agent = async (path: string, body?: unknown) =>
  (await (
    await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${AGENT}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  ).json()) as Record<string, unknown>;

test.beforeAll(async ({}, info) => {
  dir = mkdtempSync(join(tmpdir(), 'suip-live-e2e-'));
  server = await startServer([
    '--data-dir',
    dir,
    '--agent-token',
    AGENT,
    '--origins',
    new URL(info.project.use.baseURL!).origin,
  ]);
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('program mode: render, props and data reach the program, a click is an action, and a kill -9 of the server is survived with no gap and no duplicate', async ({
  page,
}) => {
  const { sessionId, wsToken } = (await agent('/api/sessions', { appId: 'e2e' })) as {
    sessionId: string;
    wsToken: string;
  };
  await agent(`/api/sessions/${sessionId}/render`, {
    session: { id: sessionId, runtime: 'suip/1.0', componentCode: PROGRAM, actionSpec: { book: {} } },
  });
  await agent(`/api/sessions/${sessionId}/props`, { props: { city: 'Oslo' } });
  for (let i = 1; i <= 5; i += 1)
    await agent(`/api/sessions/${sessionId}/data`, {
      channel: 'messages',
      mode: 'append',
      payload: { text: `message ${i}` },
    });

  await installSuipTesting(page);
  await page.goto('/e2e/fixtures/live/host.html');
  await page.waitForFunction(() => 'liveTest' in window);
  await page.evaluate(
    ([url, id, token]) =>
      (window as unknown as { liveTest: { connect(u: string, s: string, t: string): void } }).liveTest.connect(
        url!,
        id!,
        token!,
      ),
    [`${server.url.replace('http', 'ws')}/ws`, sessionId, wsToken],
  );
  // suip/testing: the session's program is mounted as "live"; its card is the root's child "root".
  await waitForGeneratorStatus(page, 'live', 'ready');
  const card = particle(page, 'live/root');
  await expect(card.getByText('Flights to Oslo')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('5 messages')).toBeVisible();

  await card.getByRole('button', { name: 'Book' }).click();
  await expect
    .poll(async () => ((await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as unknown[]).length, {
      timeout: 15_000,
    })
    .toBe(1);
  expect(
    ((await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as Array<{ payload: unknown }>)[0]!.payload,
  ).toMatchObject({ type: 'book', payload: { city: 'Oslo' } });

  // The server dies with no chance to clean up, and comes back on the same port and SQLite file.
  const port = new URL(server.url).port;
  await server.kill();
  await expect(page.locator('#status')).toHaveText('reconnecting', { timeout: 15_000 });
  server = await startServer([
    '--port',
    port,
    '--data-dir',
    dir,
    '--agent-token',
    AGENT,
    '--origins',
    new URL(page.url()).origin,
  ]);
  for (let i = 6; i <= 10; i += 1)
    await agent(`/api/sessions/${sessionId}/data`, {
      channel: 'messages',
      mode: 'append',
      payload: { text: `message ${i}` },
    });
  await agent(`/api/sessions/${sessionId}/props`, { props: { city: 'Bergen' } });
  // The same page resumed by itself: every message once, in order, and the newest props.
  await expect(page.locator('#status')).toHaveText('connected', { timeout: 20_000 });
  await expect(card.getByText('Flights to Bergen')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('10 messages')).toBeVisible();
  for (let i = 1; i <= 10; i += 1) await expect(card.getByText(`message ${i}`, { exact: true })).toHaveCount(1);
  // The same as a client that never disconnected: a fresh page that connects now.
  const fresh = await page.context().newPage();
  await fresh.goto('/e2e/fixtures/live/host.html');
  await fresh.waitForFunction(() => 'liveTest' in window);
  await fresh.evaluate(
    ([url, id, token]) =>
      (window as unknown as { liveTest: { connect(u: string, s: string, t: string): void } }).liveTest.connect(
        url!,
        id!,
        token!,
      ),
    [`${server.url.replace('http', 'ws')}/ws`, sessionId, wsToken],
  );
  await expect(particle(fresh, 'live/root').getByText('10 messages')).toBeVisible({ timeout: 20_000 });
  const listOf = (p: typeof page) => particle(p, 'live/root/list').innerText();
  expect(await listOf(page)).toBe(await listOf(fresh));
});
