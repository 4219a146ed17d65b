import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';
import { startFakeLlmServer, type FakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { pickScriptedAnswer, SCRIPTED_PROGRAM } from './fixtures/runtime-ui/model-script.ts';

/**
 * Seed 002's UI role in Chromium: a real suip server process whose runtime bridge spawns the
 * scripted fake runtime (a real child process speaking NDJSON), the browser client rendering the
 * runs as particles and the runtime's requests as host dialogs.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const AGENT = 'agent-token-runtime-ui-e2e';
const SECRET = 'hunter2-SECRET-42';

let server: ServerProcess;
let dir: string;
let serverLog = '';
let token = '';
/** A token without the restart capability (a second window of a user who may not restart). */
let plainToken = '';
const mint = async (url: string, restart: boolean) =>
  (
    (await (
      await fetch(`${url}/api/runtime/token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
        body: JSON.stringify({ restart }),
      })
    ).json()) as { token: string }
  ).token;

test.beforeAll(async ({}, info) => {
  dir = mkdtempSync(join(tmpdir(), 'suip-runtime-ui-'));
  const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const runtimeCmd = `${process.execPath} --import ${tsx} ${join(ROOT, 'e2e/fixtures/runtime-ui/fake-runtime.ts')}`;
  server = await startServer([
    '--data-dir',
    dir,
    '--agent-token',
    AGENT,
    '--origins',
    new URL(info.project.use.baseURL!).origin,
    '--runtime-cmd',
    runtimeCmd,
  ]);
  server.child.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  token = await mint(server.url, true);
  plainToken = await mint(server.url, false);
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function open(page: Page, withToken = token): Promise<void> {
  await page.goto('/e2e/fixtures/runtime-ui/host.html');
  await page.waitForFunction(() => 'runtimeUiTest' in window);
  await page.evaluate(
    ([url, t]) =>
      (window as unknown as { runtimeUiTest: { connect(u: string, t: string): Promise<void> } }).runtimeUiTest.connect(
        url!,
        t!,
      ),
    [`${server.url.replace('http', 'ws')}/runtime`, withToken],
  );
  await expect(page.locator('suip-tree').getByText('Runtime: fake-runtime')).toBeVisible({ timeout: 20_000 });
}
async function ask(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}
/** The newest run's card (tool cards inside it are articles too, but have no "You:" heading). */
const lastRun = (page: Page) =>
  page
    .locator('suip-tree article')
    .filter({ has: page.getByRole('heading', { name: /^You:/ }) })
    .last();
/** What the fake runtime logged on stderr (the bridge puts each line in the server's log as `runtime-stderr`). */
const runtimeEvents = (): Array<Record<string, unknown>> =>
  serverLog.split('\n').flatMap((row) => {
    try {
      const entry = JSON.parse(row) as { event?: string; line?: string };
      return entry.event === 'runtime-stderr' && typeof entry.line === 'string'
        ? [JSON.parse(entry.line) as Record<string, unknown>]
        : [];
    } catch {
      return [];
    }
  });
const runtimeSaid = (name: string) => () =>
  runtimeEvents()
    .filter((e) => e.event === name)
    .at(-1);
const hostDialog = (page: Page) => page.locator('[data-suip-host-dialog] dialog');
const warningsOf = async (page: Page) =>
  page.evaluate(() => (window as unknown as { runtimeUiTest: { warnings: string[] } }).runtimeUiTest.warnings);

/** A raw bridge client (what a hostile or careless second window can send), with every frame it got. */
async function rawClient(withToken: string): Promise<{
  ws: WebSocket;
  frames: Array<Record<string, unknown>>;
  next(match: (f: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}> {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/runtime?token=${withToken}&fromSeq=${Number.MAX_SAFE_INTEGER}`,
  );
  const frames: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  const next = async (match: (f: Record<string, unknown>) => boolean) => {
    await expect.poll(() => frames.some(match), { timeout: 15_000 }).toBe(true);
    return frames.find(match)!;
  };
  return { ws, frames, next };
}

test.afterEach(async () => {
  // Every UI → runtime line of the test was checked against the seed-002 schemas by the fake runtime.
  expect(runtimeEvents().filter((e) => e.event === 'seed-problem')).toEqual([]);
});

test('the lifecycle renders in order despite reordered seq; the confirm is a host dialog outside every sandbox; a reload resumes without asking again', async ({
  page,
}) => {
  await open(page);
  await ask(page, 'lifecycle please');
  const dialog = hostDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('heading', { name: 'Write notes.txt?' })).toBeVisible();
  // The held permission.preview is shown inside the confirm.
  await expect(dialog.getByText(/Create notes\.txt \(1 line\)/)).toBeVisible();
  // Host-owned: in the page itself (no frame), and not inside any generator's tree.
  expect(
    await dialog.evaluate((el) => ({
      inTree: (el.getRootNode() as ShadowRoot).host.closest('suip-tree') !== null,
      inFrame: window !== window.top,
    })),
  ).toEqual({ inTree: false, inFrame: false });
  for (const frame of page.frames())
    if (frame !== page.mainFrame()) expect(await frame.locator('dialog').count()).toBe(0);
  await dialog.getByRole('button', { name: 'Write' }).click();

  const run = lastRun(page);
  await expect(run.getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect.poll(runtimeSaid('confirm-answer')).toEqual({ event: 'confirm-answer', answer: { ok: true } });
  // In seq order: text 6 then 7 (which extends it) is ONE paragraph; had 7 come first there would be two.
  await expect(run.getByText('The notes are written. All done.', { exact: true })).toHaveCount(1);
  await expect(run.getByText('wrote 5 bytes')).toBeVisible();
  await expect(run.getByText('1. Write the notes')).toBeVisible();
  await expect(run.getByText('completed in 1.2 s')).toBeVisible();
  await expect(run.getByText('"path": "notes.txt"')).toBeVisible();
  // Reasoning is there, collapsed.
  await expect(run.getByText('Reasoning')).toBeVisible();
  await expect(run.getByText('The user wants the lifecycle.')).toBeHidden();
  await run.getByText('Reasoning').click();
  await expect(run.getByText('The user wants the lifecycle.')).toBeVisible();
  await expect(run.getByRole('progressbar', { name: 'Context left' })).toHaveAttribute('value', '73');
  await expect(run.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // On screen, the parts stand in the protocol's order, not the arrival order.
  const ys: number[] = [];
  for (const part of ['1. Write the notes', 'Tool: Write file', 'wrote 5 bytes', 'The notes are written. All done.'])
    ys.push((await run.getByText(part, { exact: true }).first().boundingBox())!.y);
  expect([...ys].sort((a, b) => a - b)).toEqual(ys);

  // A reload replays the bridge's lines from 0: the run is back, the answered confirm is not asked again.
  await page.reload();
  await open(page);
  await expect(lastRun(page).getByText('wrote 5 bytes')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(hostDialog(page)).toHaveCount(0);
});

test('a secret prompt: a password field in a host dialog; the value reaches the runtime and no traffic record, log or file', async ({
  page,
}) => {
  await open(page);
  await ask(page, 'secret please');
  const dialog = hostDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const field = dialog.locator('input[type=password]');
  await expect(field).toBeVisible();
  await field.fill(SECRET);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(
    lastRun(page).getByText(`Got a key of ${SECRET.length} characters.`, { exact: true }).first(),
  ).toBeVisible({ timeout: 15_000 });
  const { traffic, warnings } = await page.evaluate(
    () => (window as unknown as { runtimeUiTest: { traffic: string[]; warnings: string[] } }).runtimeUiTest,
  );
  expect(traffic.length).toBeGreaterThan(0);
  expect(traffic.join('\n')).not.toContain(SECRET);
  expect(warnings.join('\n')).not.toContain(SECRET);
  expect(await page.locator('suip-tree').evaluate((el) => el.textContent ?? '')).not.toContain(SECRET);
  await expect.poll(runtimeSaid('prompt-answer')).toEqual({ event: 'prompt-answer', length: SECRET.length });
  expect(serverLog).not.toContain(SECRET);
  // Nothing the server wrote to disk (ledger, WAL, secrets) holds it.
  const files = (d: string): string[] =>
    readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? files(join(d, name)) : [join(d, name)]));
  for (const file of files(dir)) expect(readFileSync(file).includes(SECRET), file).toBe(false);
});

test('a multi pick is a host dialog with checkboxes; the ids reach the runtime', async ({ page }) => {
  await open(page);
  await ask(page, 'pick please');
  const dialog = hostDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel('alpha.ts').check();
  await dialog.getByLabel('gamma.ts').check();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(lastRun(page).getByText('Picked a, c.')).toBeVisible({ timeout: 15_000 });
  await expect.poll(runtimeSaid('pick-answer')).toEqual({ event: 'pick-answer', ids: ['a', 'c'] });
});

test('cancel stops the spinner, and events the runtime sends after cancelled are ignored', async ({ page }) => {
  await open(page);
  await ask(page, 'slow please');
  const run = lastRun(page);
  await expect(run.getByText('tick 3')).toBeVisible({ timeout: 15_000 });
  await expect(run.getByRole('progressbar', { name: 'Working' })).toBeVisible();
  await run.getByRole('button', { name: 'Cancel' }).click();
  await expect(run.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(run.getByRole('progressbar', { name: 'Working' })).toHaveCount(0);
  await expect(run.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (
          await page.evaluate(
            () => (window as unknown as { runtimeUiTest: { warnings: string[] } }).runtimeUiTest.warnings,
          )
        ).filter((w) => w.includes('after the run ended')).length,
    )
    .toBeGreaterThanOrEqual(3);
  await expect(run.getByText(/LATE EVENT/)).toHaveCount(0);
});

test('hostile runtime lines (garbage, 5 MB, an unknown request) are reported, and the run goes on', async ({
  page,
}) => {
  await open(page);
  await ask(page, 'hostile please');
  await expect(lastRun(page).getByText('Survived the hostile lines.')).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .locator('suip-tree')
      .getByText(/not protocol/)
      .first(),
  ).toBeVisible();
  await expect.poll(runtimeSaid('unknown-answer')).toMatchObject({ answer: { code: -32601 } });
  // Each malformed line got the JSON-RPC answer (from the UI side of the pipe), and the run went on.
  const answers = runtimeEvents()
    .filter((e) => e.event === 'error-answer')
    .map((e) => [e.id, e.code]);
  expect(answers).toEqual(
    expect.arrayContaining([
      [null, -32700],
      ['bogus-1', -32600],
      [null, -32600],
    ]),
  );
});

test('a runtime crash is shown, and a restart works', async ({ page }) => {
  await open(page);
  await ask(page, 'crash please');
  await expect(page.locator('suip-tree').getByText('The runtime stopped', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('suip-tree').getByText('The runtime process exited (code 3).')).toBeVisible();
  await expect(lastRun(page).getByText('Ended', { exact: true })).toBeVisible();
  await expect(lastRun(page).getByText(/the runtime process exited \(code 3\) before the run finished/)).toBeVisible();
  await page.getByRole('button', { name: 'Restart the runtime' }).click();
  await expect(page.locator('suip-tree').getByText('The runtime stopped', { exact: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(page.locator('suip-tree').getByText('Runtime: fake-runtime')).toBeVisible();
  await ask(page, 'after the restart');
  await expect(lastRun(page).getByText('Echo: after the restart')).toBeVisible({ timeout: 15_000 });
});

test("after a restart, a new page shows the dead process's run as ended, offers no cancel, and the bridge refuses any line addressed to the old process", async ({
  page,
  browser,
}) => {
  await open(page);
  await ask(page, 'crash please');
  await expect(page.locator('suip-tree').getByText('The runtime stopped', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const crashedRunId = runtimeEvents()
    .filter((e) => e.event === 'run-started' && e.text === 'crash please')
    .at(-1)!.runId as string;
  await page.getByRole('button', { name: 'Restart the runtime' }).click();
  await expect(page.locator('suip-tree').getByText('The runtime stopped', { exact: true })).toHaveCount(0, {
    timeout: 15_000,
  });

  // A page opened now replays the whole stream: the crashed run is there, over, with why.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await open(fresh);
  // This page did not start the run, so it knows it by its events only.
  const old = fresh.locator('suip-tree article').filter({ hasText: 'About to crash.' }).last();
  await expect(old).toBeVisible({ timeout: 15_000 });
  await expect(old.getByText('Ended', { exact: true })).toBeVisible();
  await expect(old.getByText(/exited/)).toBeVisible();
  await expect(old.getByText('Starting', { exact: true })).toHaveCount(0);
  await expect(old.getByRole('progressbar', { name: 'Working' })).toHaveCount(0);
  await expect(old.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // A line addressed to the old process is refused with a typed error and never reaches the new one.
  const raw = await rawClient(token);
  const hello = await raw.next((f) => f.type === 'hello');
  const cancelsBefore = runtimeEvents().filter((e) => e.event === 'received' && e.method === 'run.cancel').length;
  raw.ws.send(
    JSON.stringify({
      type: 'line',
      generation: (hello.generation as number) - 1,
      line: JSON.stringify({ jsonrpc: '2.0', id: 'old-1', method: 'run.cancel', params: { run_id: crashedRunId } }),
    }),
  );
  const refused = await raw.next((f) => f.type === 'error');
  expect(refused).toMatchObject({
    code: 'STALE_GENERATION',
    message: expect.stringContaining(`generation ${(hello.generation as number) - 1}`),
  });
  await page.waitForTimeout(300);
  expect(runtimeEvents().filter((e) => e.event === 'received' && e.method === 'run.cancel').length).toBe(cancelsBefore);
  raw.ws.close();
  await context.close();
});

test('two windows: a runtime request belongs to the window that started the run; the other cannot answer it, and restart needs the capability', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext();
  const other = await context.newPage();
  await open(page);
  await open(other, plainToken);
  const answersBefore = runtimeEvents().filter((e) => e.event === 'prompt-answer').length;
  await ask(page, 'secret please');
  const dialog = hostDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // The other window shows the run, notes the question is answered elsewhere, and asks nothing.
  const mirrored = other
    .locator('suip-tree article')
    .filter({ hasText: /“API key” is being answered in another window/ })
    .last();
  await expect(mirrored).toBeVisible({ timeout: 15_000 });
  await expect(hostDialog(other)).toHaveCount(0);

  // A forged answer from a third client (its own token, knowing the request id) is refused, never relayed.
  const raw = await rawClient(plainToken);
  raw.ws.send(
    JSON.stringify({
      type: 'line',
      generation: (await raw.next((f) => f.type === 'hello')).generation,
      line: JSON.stringify({
        jsonrpc: '2.0',
        id: runtimeEvents()
          .filter((e) => e.event === 'asked' && e.method === 'ui.prompt.request')
          .at(-1)!.id,
        result: { value: 'forged' },
      }),
    }),
  );
  const forged = await raw.next((f) => f.type === 'error');
  expect(forged).toMatchObject({ code: 'ANSWERED_ELSEWHERE' });
  // Restart without the capability: refused.
  raw.ws.send(JSON.stringify({ type: 'restart' }));
  await raw.next((f) => f.type === 'error' && f.code === 'NOT_ALLOWED');
  raw.ws.close();

  await dialog.locator('input[type=password]').fill(SECRET);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(
    lastRun(page).getByText(`Got a key of ${SECRET.length} characters.`, { exact: true }).first(),
  ).toBeVisible({ timeout: 15_000 });
  await expect(mirrored.getByText(`Got a key of ${SECRET.length} characters.`, { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(runtimeSaid('prompt-answer')).toEqual({ event: 'prompt-answer', length: SECRET.length });
  // One answer reached the runtime: the claimant's (the forged one was never relayed).
  expect(runtimeEvents().filter((e) => e.event === 'prompt-answer').length).toBe(answersBefore + 1);
  expect((await warningsOf(other)).join('\n')).not.toContain('response to no pending request');
  await context.close();
});

test('the bridge refuses a connection without a token or from another origin', async () => {
  const attempt = (url: string, headers: Record<string, string> = {}) =>
    new Promise<string>((resolve) => {
      const ws = new WebSocket(url, { headers });
      ws.on('open', () => (ws.close(), resolve('open')));
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('error', () => resolve('error'));
    });
  const base = `${server.url.replace('http', 'ws')}/runtime`;
  expect(await attempt(base)).toBe('401');
  expect(await attempt(`${base}?token=forged.token`)).toBe('401');
  expect(await attempt(`${base}?token=${token}`, { origin: 'https://evil.example' })).toBe('403');
  expect(await attempt(`${base}?token=${token}`)).toBe('open');
  expect((await fetch(`${server.url}/api/runtime/token`, { method: 'POST' })).status).toBe(401);
});

test.describe('the suip runtime behind the bridge', () => {
  let suip: ServerProcess;
  let llm: FakeLlmServer;
  let suipDir: string;
  let suipToken = '';

  test.beforeAll(async ({}, info) => {
    suipDir = mkdtempSync(join(tmpdir(), 'suip-runtime-ui-suip-'));
    llm = await startFakeLlmServer(pickScriptedAnswer, { chunkChars: 12, chunkDelayMs: 4 });
    // The runtime publishes to a second server (its own agent API); the bridge's server spawns it.
    server2 = await startServer(['--data-dir', join(suipDir, 'live'), '--agent-token', AGENT]);
    const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    const runtimeCmd = `${process.execPath} --import ${tsx} ${join(ROOT, 'server/runtime/main.ts')} --llm-url ${llm.baseUrl} --model scripted-1 --models scripted-1,scripted-2 --db ${join(suipDir, 'runtime.sqlite')} --server-url ${server2.url}`;
    // The runtime publishes to server2 with the same agent token, passed through its allow-listed environment.
    suip = await startServer([
      '--data-dir',
      join(suipDir, 'bridge'),
      '--agent-token',
      AGENT,
      '--origins',
      new URL(info.project.use.baseURL!).origin,
      '--runtime-cmd',
      runtimeCmd,
      '--runtime-env',
      'SUIP_AGENT_TOKEN',
    ]);
    suipToken = (
      (await (
        await fetch(`${suip.url}/api/runtime/token`, { method: 'POST', headers: { authorization: `Bearer ${AGENT}` } })
      ).json()) as { token: string }
    ).token;
  });
  let server2: ServerProcess;
  test.afterAll(async () => {
    await suip?.stop();
    await server2?.stop();
    await llm?.close();
    rmSync(suipDir, { recursive: true, force: true });
  });

  test('a generated program is approved in a host dialog and published; the model choice and the session list work', async ({
    page,
  }) => {
    await page.goto('/e2e/fixtures/runtime-ui/host.html');
    await page.waitForFunction(() => 'runtimeUiTest' in window);
    await page.evaluate(
      ([url, t]) =>
        (
          window as unknown as { runtimeUiTest: { connect(u: string, t: string): Promise<void> } }
        ).runtimeUiTest.connect(url!, t!),
      [`${suip.url.replace('http', 'ws')}/runtime`, suipToken],
    );
    await expect(page.locator('suip-tree').getByText('Runtime: suip-runtime')).toBeVisible({ timeout: 20_000 });

    // model.set from the choice: the next model call uses it.
    await page.getByRole('radio', { name: 'scripted-2' }).check();
    await expect(page.getByRole('radio', { name: 'scripted-2' })).toBeChecked();
    await ask(page, 'build a signup card');
    const dialog = hostDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Publish the generated UI?' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText(/render\(group\('card'/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    const run = lastRun(page);
    await expect(run.getByText(/The UI is live: open session ses_\w+/)).toBeVisible({ timeout: 20_000 });
    await expect(run.getByText('Here is a signup card.', { exact: false })).toBeVisible();
    expect(llm.requests.at(-1)!.model).toBe('scripted-2');
    const sessionId = /open session (ses_\w+)/.exec(
      await run.getByText(/The UI is live: open session/).innerText(),
    )![1]!;
    const events = (await (
      await fetch(`${server2.url}/api/sessions/${sessionId}/events?since=0`, {
        headers: { authorization: `Bearer ${AGENT}` },
      })
    ).json()) as { events: Array<{ kind: string; payload: { session?: { componentCode?: string } } }> };
    expect(events.events.find((e) => e.kind === 'render')!.payload.session!.componentCode).toBe(
      `${SCRIPTED_PROGRAM}\n`,
    );

    // The session list, and a session replayed from the runtime's SQLite file.
    await page.getByRole('button', { name: 'Show sessions' }).click();
    const entry = page.getByRole('button', { name: /build a signup card · 1 runs/ });
    await expect(entry).toBeVisible({ timeout: 10_000 });
    await entry.click();
    // session.history replays the run this page shows already: merged by run id, not shown twice.
    await page.waitForTimeout(1000);
    await expect(page.getByRole('heading', { name: 'You: build a signup card' })).toHaveCount(1);
    // The resumed session goes on: the next run is its second.
    await ask(page, 'hello again');
    await expect(lastRun(page).getByText('Hello from the suip runtime.')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Show sessions' }).click();
    await expect(page.getByRole('button', { name: /hello again · 2 runs/ })).toBeVisible({ timeout: 10_000 });
  });

  test('the model asks the user to choose: a ui.pick.request in a host dialog, and the choice goes back to the model', async ({
    page,
  }) => {
    await page.goto('/e2e/fixtures/runtime-ui/host.html');
    await page.waitForFunction(() => 'runtimeUiTest' in window);
    await page.evaluate(
      ([url, t]) =>
        (
          window as unknown as { runtimeUiTest: { connect(u: string, t: string): Promise<void> } }
        ).runtimeUiTest.connect(url!, t!),
      [`${suip.url.replace('http', 'ws')}/runtime`, suipToken],
    );
    await expect(page.locator('suip-tree').getByText('Runtime: suip-runtime')).toBeVisible({ timeout: 20_000 });
    await ask(page, 'choose a layout for my tasks');
    const dialog = hostDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Which layout?' })).toBeVisible({ timeout: 20_000 });
    await dialog.getByLabel('Table').check();
    await dialog.getByRole('button', { name: 'OK' }).click();
    const run = lastRun(page);
    await expect(run.getByText('You chose Table. I will lay it out that way.')).toBeVisible({ timeout: 20_000 });
    await expect(run.getByText('Completed', { exact: true })).toBeVisible();
    // The pick is shown as the runtime's tool call, and its result names the choice.
    await expect(run.getByText('Tool: Ask you to choose')).toBeVisible();
    await expect(run.getByText(/chose: Table \(table\)/).first()).toBeVisible();
    expect(llm.requests.at(-1)!.messages.at(-1)!.content).toContain('chose: Table (table)');
    expect((await warningsOf(page)).filter((w) => /invalid|not fit/.test(w))).toEqual([]);
  });
});
