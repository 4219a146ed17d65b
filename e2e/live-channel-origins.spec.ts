import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installSuipTesting, particle, waitForGeneratorStatus } from '../renderer/testing/index.ts';
import { createAgentClient } from '../server/sessions/agent-client.ts';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';

/**
 * Which pages may open the live channel, in Chromium against real server processes on 127.0.0.1:
 * with no `--origins` a loopback server takes pages from this machine (`127.0.0.1` and
 * `localhost`, any port) with no flag; a page whose origin is not allowed gets a typed
 * `suip-live-error` (`ORIGIN_NOT_ALLOWED`, naming `--origins <its origin>`) and a final
 * `disconnected` instead of reconnecting for ever, and the server logs one line naming the fix.
 */

const AGENT = 'agent-token-e2e-origins';
const PROGRAM = `suip.render(suip.group('card', [['title', 'Hello from the agent']]));`;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

async function start(extra: string[] = []): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'suip-live-origins-'));
  dirs.push(dir);
  const server = await startServer(['--data-dir', dir, '--agent-token', AGENT, ...extra]);
  servers.push(server);
  return server;
}

/** A session with a one-card program, as an agent publishes it. */
async function publish(server: ServerProcess): Promise<{ sessionId: string; wsToken: string }> {
  const agent = createAgentClient({ url: server.url, agentToken: AGENT });
  const { sessionId, wsToken } = await agent.createSession({ appId: 'e2e-origins' });
  await agent.render(sessionId, { id: sessionId, runtime: 'suip/1.0', componentCode: PROGRAM });
  return { sessionId, wsToken };
}

type Host = { liveElement: { mount(u: string[], s: string, t: string): void; statuses: string[]; errors: string[] } };

async function mount(
  page: Page,
  pageUrl: string,
  server: ServerProcess,
  session: { sessionId: string; wsToken: string },
): Promise<void> {
  await page.goto(pageUrl);
  await page.waitForFunction(() => 'liveElement' in window);
  const ws = `${server.url.replace('http', 'ws')}/ws`;
  await page.evaluate(
    ([u, s, t]) => (window as unknown as Host).liveElement.mount([u!], s!, t!),
    [ws, session.sessionId, session.wsToken],
  );
}

test.setTimeout(120_000);
test.afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill().catch(() => undefined);
});
test.afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('no --origins on a loopback server: pages from 127.0.0.1 and localhost connect with no flag', async ({
  page,
  baseURL,
}) => {
  const server = await start();
  expect(server.output().stderr).toContain('the development default');
  const port = new URL(baseURL!).port;
  await installSuipTesting(page);
  for (const name of ['127.0.0.1', 'localhost']) {
    const session = await publish(server);
    await mount(page, `http://${name}:${port}/e2e/fixtures/live/element.html`, server, session);
    // <suip-live> mounts the session's program as "live"; its card is the program root's child "root".
    await waitForGeneratorStatus(page, 'live', 'ready');
    await expect(particle(page.locator('suip-live'), 'live/root')).toContainText('Hello from the agent', {
      timeout: 20_000,
    });
    await expect(page.locator('#status')).toHaveText('connected');
    expect(await page.evaluate(() => (window as unknown as Host).liveElement.errors)).toEqual([]);
  }
  expect(server.output().stderr).not.toContain('ORIGIN_NOT_ALLOWED');
});

test('a refused origin is a typed suip-live-error naming --origins, a final disconnected (no reconnect loop), and one log line with the fix', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  // An explicit list that leaves this page out: the development default no longer applies.
  const server = await start(['--origins', 'https://app.example']);
  const session = await publish(server);
  await page.goto('/e2e/fixtures/live/element.html');
  await page.waitForFunction(() => 'liveElement' in window);
  const error = page.evaluate(
    () =>
      new Promise<{ code: string; message: string }>((resolve) =>
        document.addEventListener(
          'suip-live-error',
          (event) => resolve({ code: event.detail.code, message: event.detail.message }),
          { once: true },
        ),
      ),
  );
  await page.evaluate(
    ([u, s, t]) => (window as unknown as Host).liveElement.mount([u!], s!, t!),
    [`${server.url.replace('http', 'ws')}/ws`, session.sessionId, session.wsToken],
  );
  const detail = await error;
  expect(detail.code).toBe('ORIGIN_NOT_ALLOWED');
  expect(detail.message).toContain(`--origins ${origin}`);
  await expect(page.locator('#status')).toHaveText('disconnected');
  await expect(page.locator('suip-live')).toHaveAttribute('status', 'disconnected');
  // Final: the element does not try again (the default backoff would retry within about a second).
  await page.waitForTimeout(2500);
  const statuses = await page.evaluate(() => (window as unknown as Host).liveElement.statuses);
  expect(statuses).not.toContain('reconnecting');
  expect(statuses.at(-1)).toBe('disconnected');
  await expect(page.locator('suip-live suip-tree').getByText('Hello from the agent')).toHaveCount(0);
  const lines = server
    .output()
    .stderr.split('\n')
    .filter((line) => line.includes('ORIGIN_NOT_ALLOWED'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({
    event: 'upgrade-refused',
    code: 'ORIGIN_NOT_ALLOWED',
    origin,
    fix: `start the server with --origins ${origin} (comma-separated list; SUIP_ORIGINS)`,
  });

  // The fix the message names works: the same page on a server started with it renders.
  const fixed = await start(['--origins', origin]);
  await mount(page, '/e2e/fixtures/live/element.html', fixed, await publish(fixed));
  await expect(page.locator('suip-live suip-tree').getByText('Hello from the agent')).toBeVisible({ timeout: 20_000 });
});
