import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';

/**
 * A2UI over the live channel, in Chromium against a real server process on 127.0.0.1 with a real
 * SQLite file: an agent publishes A2UI v0.9 messages as `data` frames on a session's `a2ui`
 * channel; the page renders them through suip's A2UI bridge; a Button's action comes back as a
 * live action with its resolved context; the server is killed with SIGKILL and restarted on the
 * same file, and the page resumes with every message applied once, like a page that connects fresh.
 */

const AGENT = 'agent-token-a2ui-live';
const SURFACE = 'trip';
const v = 'v0.9';
const OPENING = [
  {
    version: v,
    createSurface: { surfaceId: SURFACE, catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json' },
  },
  {
    version: v,
    updateComponents: {
      surfaceId: SURFACE,
      components: [
        { id: 'root', component: 'Column', children: ['city', 'stops', 'book'] },
        { id: 'city', component: 'Text', text: { path: '/city' }, variant: 'h2' },
        {
          id: 'stops',
          component: 'Text',
          text: { call: 'formatString', args: { value: '${/stops} stops' }, returnType: 'string' },
        },
        {
          id: 'book',
          component: 'Button',
          child: 'book-label',
          action: { event: { name: 'book', context: { city: { path: '/city' } } } },
        },
        { id: 'book-label', component: 'Text', text: 'Book' },
      ],
    },
  },
  { version: v, updateDataModel: { surfaceId: SURFACE, path: '/city', value: 'Oslo' } },
];
const stops = (n: number) => ({ version: v, updateDataModel: { surfaceId: SURFACE, path: '/stops', value: n } });

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
const publish = (sessionId: string, payload: unknown) =>
  agent(`/api/sessions/${sessionId}/data`, { channel: 'a2ui', mode: 'append', payload });

async function open(page: Page, sessionId: string, wsToken: string): Promise<void> {
  await page.goto('/e2e/fixtures/live/host.html');
  await page.waitForFunction(() => 'liveTest' in window);
  await page.evaluate(
    ([url, id, token]) =>
      (window as unknown as { liveTest: { connectA2ui(u: string, s: string, t: string): void } }).liveTest.connectA2ui(
        url!,
        id!,
        token!,
      ),
    [`${server.url.replace('http', 'ws')}/ws`, sessionId, wsToken],
  );
}

test.beforeAll(async ({}, info) => {
  dir = mkdtempSync(join(tmpdir(), 'suip-a2ui-live-e2e-'));
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

test('an A2UI agent on the live channel: messages render, an action comes back with its context, and a kill -9 of the server is survived with every message once', async ({
  page,
}) => {
  const { sessionId, wsToken } = (await agent('/api/sessions', { appId: 'a2ui' })) as {
    sessionId: string;
    wsToken: string;
  };
  await publish(sessionId, OPENING);
  for (let n = 1; n <= 3; n += 1) await publish(sessionId, stops(n));

  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('Oslo')).toBeVisible({ timeout: 20_000 });
  await expect(tree.getByText('3 stops')).toBeVisible();

  await tree.getByRole('button', { name: 'Book' }).click();
  await expect
    .poll(async () => ((await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as unknown[]).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [action] = (await agent(`/api/sessions/${sessionId}/actions?since=0`)).actions as Array<{
    payload: { type: string; payload: { message: { action: { name: string; surfaceId: string; context: unknown } } } };
  }>;
  expect(action!.payload.type).toBe('a2ui');
  expect(action!.payload.payload.message.action).toMatchObject({
    name: 'book',
    surfaceId: SURFACE,
    context: { city: 'Oslo' },
  });

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
  for (let n = 4; n <= 8; n += 1) await publish(sessionId, stops(n));
  await publish(sessionId, { version: v, updateDataModel: { surfaceId: SURFACE, path: '/city', value: 'Bergen' } });

  await expect(page.locator('#status')).toHaveText('connected', { timeout: 20_000 });
  await expect(tree.getByText('Bergen')).toBeVisible({ timeout: 20_000 });
  await expect(tree.getByText('8 stops')).toBeVisible();
  // Nothing the bridge refused, and the same screen as a page that connects now.
  expect(await page.evaluate(() => (window as unknown as { liveTest: { errors: string[] } }).liveTest.errors)).toEqual(
    [],
  );
  const fresh = await page.context().newPage();
  await open(fresh, sessionId, wsToken);
  await expect(fresh.locator('suip-tree').getByText('8 stops')).toBeVisible({ timeout: 20_000 });
  expect(await fresh.locator('suip-tree').innerText()).toBe(await tree.innerText());
});
