import { expect, test, type Page } from '@playwright/test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveSandboxProxy } from '../server/mcp/sandbox-proxy-server.ts';
import { startCanary, type Canary } from './helpers/canary-server.ts';
import { docsImage } from './helpers/docs-image.ts';
import { startFakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { startMcpProcess, type McpProcess } from './fixtures/mcp-apps/processes.ts';
import type { McpTestHost } from './fixtures/mcp-apps/host.ts';

/**
 * MCP Apps both ways, in Chromium, with real processes and the real SDK packages: suip's MCP
 * server (`server/mcp/main.ts`, Streamable HTTP) shows a suip program in a host built on the
 * SDK's AppBridge (`<suip-mcp-app>`), the program's action reaches the server as a tool call and
 * the answer comes back into the program; apps written with the SDK's `App` class (a third-party
 * server process) run in that suip host; a hostile app and a looping one stay contained.
 */

let suip: McpProcess;
let thirdParty: McpProcess;
let proxy: Awaited<ReturnType<typeof serveSandboxProxy>>;
let canary: Canary;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, info) => {
  test.setTimeout(120_000);
  const origin = new URL(info.project.use.baseURL!).origin;
  [suip, thirdParty, proxy, canary] = await Promise.all([
    startMcpProcess('server/mcp/main.ts', ['--port', '0', '--origins', origin]),
    startMcpProcess('e2e/fixtures/mcp-apps/third-party-server.ts', ['--origins', origin]),
    // The sandbox proxy on an origin of its own (another port); the host page is its only framer.
    serveSandboxProxy({ host: '127.0.0.1', port: 0, hostOrigins: [origin] }),
    startCanary(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([suip?.stop(), thirdParty?.stop(), proxy?.close(), canary?.close()]);
});

async function openHost(page: Page): Promise<void> {
  await page.goto('/e2e/fixtures/mcp-apps/host.html');
  await page.waitForFunction(() => 'mcpHost' in window);
}

type ShowOptions = Parameters<McpTestHost['show']>[0];
const show = (page: Page, options: ShowOptions): Promise<void> =>
  page.evaluate((o: ShowOptions) => (window as unknown as { mcpHost: McpTestHost }).mcpHost.show(o), options as never);
const hostState = (page: Page) =>
  page.evaluate(() => {
    const h = (window as unknown as { mcpHost: McpTestHost }).mcpHost;
    return { messages: h.messages, links: h.links, asked: h.asked, errors: h.errors, ready: h.ready };
  });
/** The view: the host's proxy frame, then the view frame inside it. */
const viewFrame = (page: Page) => page.frameLocator('suip-mcp-app iframe').frameLocator('iframe');

const PROGRAM = `const { text, group, render } = suip;
let data = 'no data yet';
let answer = 'no answer yet';
let theme = 'unknown';
const view = () => group('card', [
  ['title', 'suip in an MCP host'],
  ['data', text('data: ' + data)],
  ['theme', text('theme: ' + theme)],
  ['answer', text('answer: ' + answer)],
  ['buttons', group('row', [
    ['check', group('button', [['label', 'Check a program']], { on: { click: () => suip.output('mcp.call-tool', { name: 'suip_check', arguments: { program: 'render(' }, id: 7 }) } })],
    ['tell', group('button', [['label', 'Tell the model']], { on: { click: () => suip.output('mcp.message', 'the user pressed Tell') } })],
  ])],
]);
suip.onInput('mcp.tool-result', (value) => { data = JSON.stringify(value); render(view()); });
suip.onInput('mcp.host-context', (value) => { theme = value.theme; render(view()); });
suip.onInput('mcp.call-result', (value) => { answer = value.id + ' ' + value.ok + ' ' + (value.error || value.text); render(view()); });
render(view());`;

test('suip as an MCP App: a host on the SDK AppBridge shows the program from the real server; tool result and theme reach it; its action is a tool call whose answer comes back; its message reaches the host; the view reports its size', async ({
  page,
}) => {
  await openHost(page);
  await show(page, {
    server: suip.url,
    sandbox: proxy.url,
    tool: 'suip_render',
    arguments: { program: PROGRAM, data: { city: 'Oslo' } },
    allow: ['suip_check'],
    hostContext: {
      theme: 'dark',
      styles: {
        variables: {
          '--color-text-primary': 'rgb(1, 2, 3)',
          '--color-background-primary': 'url(http://127.0.0.1:1/leak.png)',
        } as never,
      },
    },
  });
  const view = viewFrame(page);
  const tree = view.locator('suip-tree');
  await expect(tree.getByText('data: {"city":"Oslo"}')).toBeVisible({ timeout: 30_000 });
  await expect(tree.getByText('theme: dark')).toBeVisible();
  await expect(tree).toHaveAttribute('theme', 'dark');
  // The host's style variables became suip tokens; the one that would load something was skipped.
  const tokens = await view
    .locator('html')
    .evaluate((html) => [
      html.style.getPropertyValue('--suip-color-fg'),
      html.style.getPropertyValue('--suip-color-bg'),
    ]);
  expect(tokens).toEqual(['rgb(1, 2, 3)', '']);

  await tree.getByRole('button', { name: 'Check a program' }).click();
  // suip_check ran on the server and found the syntax error, a tool error (isError), so the program hears ok: false with it on mcp.call-result.
  await expect(tree.getByText(/answer: 7 false SyntaxError: Unexpected token/)).toBeVisible({ timeout: 15_000 });

  await tree.getByRole('button', { name: 'Tell the model' }).click();
  await expect.poll(async () => (await hostState(page)).messages).toEqual(['the user pressed Tell']);

  await page.evaluate(() => (window as unknown as { mcpHost: McpTestHost }).mcpHost.setHostContext({ theme: 'light' }));
  await expect(tree).toHaveAttribute('theme', 'light');
  await expect(tree.getByText('theme: light')).toBeVisible();

  // The view reported its height (ui/notifications/size-changed) and the host sized the frame to it.
  const frame = page.locator('suip-mcp-app iframe');
  const reported = await view.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
  await expect.poll(async () => frame.evaluate((f) => (f as HTMLIFrameElement).style.height)).toBe(`${reported}px`);
  await page.screenshot({ path: docsImage('mcp-apps-suip-view.png'), fullPage: true, scale: 'css' });
});

test('suip_render with a request and no model configured answers why, and the view says so instead of showing nothing', async ({
  page,
}) => {
  await openHost(page);
  await show(page, { server: suip.url, sandbox: proxy.url, tool: 'suip_render', arguments: { request: 'a counter' } });
  await expect(viewFrame(page).locator('#suip-status')).toContainText('no model configured', { timeout: 30_000 });
});

test("suip_render with a request: the server's model writes the program, a failing one is repaired, the view runs the fixed one, and the key reaches neither the view nor the result", async ({
  page,
}, info) => {
  // It starts a server of its own (which builds its page at start): seconds on a loaded machine.
  test.setTimeout(120_000);
  const KEY = 'sk-mcp-e2e-9b1f0c7d2e';
  const answers = [
    '```js\nsuip.text("forgot to render")\n```',
    '```js\nconst { render, text } = suip;\nrender(text("written by the model"));\n```',
  ];
  const llm = await startFakeLlmServer(() => answers.shift());
  const modelled = await startMcpProcess(
    'server/mcp/main.ts',
    [
      '--port',
      '0',
      '--origins',
      new URL(info.project.use.baseURL!).origin,
      '--llm-url',
      llm.baseUrl,
      '--llm-model',
      'fake',
    ],
    { SUIP_LLM_KEY: KEY },
  );
  try {
    await openHost(page);
    await show(page, {
      server: modelled.url,
      sandbox: proxy.url,
      tool: 'suip_render',
      arguments: { request: 'a greeting' },
    });
    const view = viewFrame(page);
    await expect(view.locator('suip-tree').getByText('written by the model')).toBeVisible({ timeout: 30_000 });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(llm.requests[1]!.messages)).toContain('never calls render');
    expect(await view.locator('html').evaluate((html) => html.outerHTML)).not.toContain(KEY);
    const client = new Client({ name: 'spec', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(modelled.url)));
    answers.push('```js\nsuip.render(suip.text("again"))\n```');
    const result = await client.callTool({ name: 'suip_render', arguments: { request: 'again' } });
    await client.close();
    expect(result.structuredContent).toMatchObject({ source: 'model', turns: 1 });
    expect(JSON.stringify(result)).not.toContain(KEY);
  } finally {
    await modelled.stop();
    await llm.close();
  }
});

test('an app written with the SDK App class runs in the suip host: input and result arrive, its tool call goes through the host after the user agreed, its message reaches the host, theme changes reach it', async ({
  page,
}) => {
  await openHost(page);
  await show(page, {
    server: thirdParty.url,
    sandbox: proxy.url,
    tool: 'greet',
    arguments: { name: 'Ada' },
    ask: true,
    hostContext: { theme: 'dark' },
  });
  const view = viewFrame(page);
  await expect(view.locator('#input')).toHaveText('input: {"name":"Ada"}', { timeout: 20_000 });
  await expect(view.locator('#result')).toHaveText('result: Hello, Ada!');
  await expect(view.locator('#theme')).toHaveText('theme: dark');
  await view.getByRole('button', { name: 'Greet again' }).click();
  await expect(view.locator('#again-result')).toHaveText('again: Hello, again!');
  const state = await hostState(page);
  expect(state.asked).toEqual(['greet']);
  await expect.poll(async () => (await hostState(page)).messages).toEqual(['greeted again']);
  await page.evaluate(() => (window as unknown as { mcpHost: McpTestHost }).mcpHost.setHostContext({ theme: 'light' }));
  await expect(view.locator('#theme')).toHaveText('theme: light');
  await page.screenshot({ path: docsImage('mcp-apps-in-suip-host.png'), fullPage: true, scale: 'css' });
});

test('a hostile MCP App: no request beyond its declared CSP, no top navigation, no popup, no page-wide modal, no reach into the host page, no tool call the host did not allow, no forged message', async ({
  page,
  context,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openHost(page);
  const hostUrl = page.url();
  await show(page, {
    server: thirdParty.url,
    sandbox: proxy.url,
    tool: 'hostile',
    arguments: { canary: canary.origin },
    allow: [],
    ask: false,
  });
  const view = viewFrame(page);
  const attack = (name: string) => view.locator(`li[data-attack="${name}"]`);
  await expect(attack('done')).toBeVisible({ timeout: 20_000 });
  await expect(attack('fetch')).toHaveText('fetch: blocked');
  await expect(attack('image')).toHaveText('image: blocked');
  await expect(attack('websocket')).toHaveText('websocket: blocked');
  await expect(attack('popup')).toHaveText('popup: blocked');
  await expect(attack('parent-dom')).toHaveText('parent-dom: blocked');
  await expect(attack('top-dom')).toHaveText('top-dom: blocked');
  await expect(attack('secret-call')).toContainText('refused: the host did not allow the view to call secret_action');
  await expect(attack('model-only-call')).toContainText('refused: the tool model_only is for the model only');
  await expect(attack('open-link')).toHaveText('open-link: refused');
  // A link whose userinfo dresses evil.example as claude.ai never reaches the host's callback.
  await expect(attack('link-userinfo')).toHaveText(
    /^link-userinfo: refused: .*ui\/open-link refused: the URL "https:\/\/…@evil.example\/" carries credentials in its userinfo/,
  );
  // A flood of ui/message: the rate budget lets a few through, the rest are refused with the reason.
  const floodText = /^message-flood: (\d+) sent, (\d+) refused: .*more than 2 message requests per second/;
  await expect(attack('message-flood')).toHaveText(floodText);
  const [, sent, refused] = floodText.exec((await attack('message-flood').textContent()) ?? '') ?? [];
  expect(Number(refused)).toBeGreaterThanOrEqual(17);
  expect((await hostState(page)).messages.filter((text) => text.startsWith('flood '))).toHaveLength(Number(sent));
  expect((await hostState(page)).links).toEqual([]);
  // Chromium ignores the sandboxed alert() and the top navigation without throwing: what counts is
  // that no dialog opened and the host page is still where it was.
  expect(dialogs).toEqual([]);
  expect(page.url()).toBe(hostUrl);
  expect(canary.hits).toEqual([]);

  const server = new Client({ name: 'spec', version: '1' });
  await server.connect(new StreamableHTTPClientTransport(new URL(thirdParty.url)));
  const count = await server.callTool({ name: 'secret_count', arguments: {} });
  await server.close();
  expect((count.content as Array<{ text: string }>)[0]!.text).toBe('0');
  await page.locator('#host-button').click();
  await expect(page.locator('#host-clicks')).toHaveText('1');
  expect(context.pages()).toHaveLength(1);

  // Last, the view navigates itself to the canary: the proxy's frame-src refuses it, so no request
  // reaches the canary (Chromium still opens a TCP connection first, which carries no bytes: see
  // docs/neighbours/mcp-apps.md); the dead view stops answering and is removed.
  await view.locator('#navigate').click();
  await expect
    .poll(async () => (await hostState(page)).errors, { timeout: 20_000 })
    .toEqual([expect.stringMatching(/^unresponsive: /)]);
  expect(canary.hits.filter((hit) => hit.kind !== 'tcp')).toEqual([]);
  expect(page.url()).toBe(hostUrl);
  expect((await hostState(page)).messages).not.toContain('FORGED-TOP');
});

test('consent prompts cannot pile up: while the user has not answered, a view holds at most maxCallsInFlight prompts and the rest are refused', async ({
  page,
}) => {
  await openHost(page);
  await show(page, {
    server: thirdParty.url,
    sandbox: proxy.url,
    tool: 'hostile',
    arguments: { canary: canary.origin, only: 'consent-pile' },
    allow: [],
    ask: 'hold',
  });
  const view = viewFrame(page);
  await expect(view.locator('li[data-attack="consent-pile"]')).toHaveText(
    /^consent-pile: 6 refused: too many tool calls from this view/,
    { timeout: 20_000 },
  );
  expect((await hostState(page)).asked).toEqual(['secret_action', 'secret_action', 'secret_action', 'secret_action']);
});

test('consent per app and tool for the session: an app polling an app-only tool is never asked about it (spec visibility), a tool the user allowed with "remember" is asked about once; the host\'s theme reaches the app as style variables', async ({
  page,
}) => {
  await openHost(page);
  // The host page themes suip with its own token; the rest come from suip's light defaults.
  await page.evaluate(() => document.documentElement.style.setProperty('--suip-color-fg', 'rgb(9, 8, 7)'));
  await show(page, { server: thirdParty.url, sandbox: proxy.url, tool: 'poll', ask: 'remember' });
  const log = (name: string) => viewFrame(page).locator(`li[data-poll="${name}"]`);
  await expect(log('stats')).toHaveText('stats: 5 of 5 ran', { timeout: 20_000 });
  await expect(log('counter')).toHaveText('counter: 5 of 5 ran');
  expect((await hostState(page)).asked).toEqual(['poll_counter']);
  await expect(log('styles')).toHaveText('styles: rgb(9, 8, 7) on #ffffff');
  // Shown again on the same client (the same session): the remembered answer holds, nothing is asked.
  await show(page, { server: thirdParty.url, sandbox: proxy.url, tool: 'poll', ask: 'remember' });
  await expect(log('counter')).toHaveText('counter: 5 of 5 ran', { timeout: 20_000 });
  expect((await hostState(page)).asked).toEqual(['poll_counter']);
});

test('a sandbox proxy that never gets ready times out and leaves no message listener on the host window', async ({
  page,
}) => {
  // Count the window's "message" listeners from the page's first script on.
  await page.addInitScript(() => {
    const counted = window as unknown as { messageListeners: number };
    counted.messageListeners = 0;
    const add = window.addEventListener.bind(window);
    const remove = window.removeEventListener.bind(window);
    window.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) => (
      type === 'message' && (counted.messageListeners += 1),
      add(type, listener, options)
    )) as typeof window.addEventListener;
    window.removeEventListener = ((type: string, listener: EventListener, options?: EventListenerOptions) => (
      type === 'message' && (counted.messageListeners -= 1),
      remove(type, listener, options)
    )) as typeof window.removeEventListener;
  });
  await openHost(page);
  const before = await page.evaluate(() => (window as unknown as { messageListeners: number }).messageListeners);
  for (let i = 0; i < 3; i += 1)
    await show(page, {
      server: thirdParty.url,
      sandbox: 'about:blank',
      tool: 'greet',
      arguments: { name: 'Ada' },
      readyMs: 300,
    });
  const state = await hostState(page);
  expect(state.ready).toBe(false);
  expect(state.errors).toEqual(
    Array.from({ length: 3 }, () =>
      expect.stringMatching(/^timeout: the sandbox proxy did not load .* within 300 ms$/),
    ),
  );
  expect(await page.evaluate(() => (window as unknown as { messageListeners: number }).messageListeners)).toBe(before);
});

test('a looping MCP App never freezes the host: the page stays usable while the view spins, and the view is removed as unresponsive', async ({
  page,
}) => {
  await openHost(page);
  const pingTimeoutMs = 1500;
  await show(page, { server: thirdParty.url, sandbox: proxy.url, tool: 'spin', pingTimeoutMs });
  // The view spins for good 300 ms after its tool input; reading its DOM races that (on a loaded
  // machine the read came after the spin began and never answered). The host's own record says
  // what overlapped: clicks keep landing until the view is declared unresponsive, and that verdict
  // means the view answered no ping for pingTimeoutMs, so clicks inside that window were made
  // while it spun.
  const unresponsive = async () => (await hostState(page)).errors.length > 0;
  const deadline = Date.now() + 30_000;
  while (!(await unresponsive()) && Date.now() < deadline) await page.locator('#host-button').click();
  const state = await page.evaluate(() => {
    const host = (window as unknown as { mcpHost: McpTestHost }).mcpHost;
    return { errors: host.errors, errorAt: host.errorTimes[0] ?? NaN, clicks: host.clickTimes };
  });
  expect(state.errors).toEqual([expect.stringMatching(/^unresponsive: the view of spin did not answer/)]);
  const whileSpinning = state.clicks.filter((at) => at >= state.errorAt - pingTimeoutMs && at <= state.errorAt);
  expect(whileSpinning.length).toBeGreaterThanOrEqual(2);
  await expect(page.locator('suip-mcp-app iframe')).toHaveCount(0);
  await expect(page.locator('suip-mcp-app [role="alert"]')).toContainText('could not be shown');
});
