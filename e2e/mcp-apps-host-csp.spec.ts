import { expect, test, type Page } from '@playwright/test';
import { startMcpProcess, type McpProcess } from './fixtures/mcp-apps/processes.ts';
import { inspectorCsp, serveProxyUnder, specCsp } from './fixtures/mcp-apps/host-csp.ts';
import type { McpTestHost } from './fixtures/mcp-apps/host.ts';

/**
 * suip's MCP App view (`ui://suip/app.html` from the real `suip mcp` process) under the view CSPs
 * of hosts stricter than suip's own proxy: the MCP Apps spec's own policy, built from what the
 * resource declares as the spec says, and MCP Inspector 2.12's (which forbids every Worker).
 */

let suip: McpProcess;
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, info) => {
  test.setTimeout(120_000);
  origin = new URL(info.project.use.baseURL!).origin;
  suip = await startMcpProcess('server/mcp/main.ts', ['--port', '0', '--origins', origin]);
});
test.afterAll(async () => {
  await suip?.stop();
});

const PROGRAM = `const { text, group, render } = suip;
let clicks = 0;
const view = () => group('card', [['title', 'under a strict host'], ['count', text('clicks: ' + clicks)], ['go', group('button', [['label', 'Count']], { on: { click: () => { clicks += 1; render(view()); } } })]]);
render(view());`;

async function showUnder(page: Page, proxyUrl: string): Promise<void> {
  await page.goto('/e2e/fixtures/mcp-apps/host.html');
  await page.waitForFunction(() => 'mcpHost' in window);
  await page.evaluate((o) => (window as unknown as { mcpHost: McpTestHost }).mcpHost.show(o), {
    server: suip.url,
    sandbox: proxyUrl,
    tool: 'suip_render',
    arguments: { program: PROGRAM },
  });
}

test("under the MCP Apps spec's CSP, built from what the view declares as the spec builds it, the program runs in its Worker and answers a click", async ({
  page,
}) => {
  const proxy = await serveProxyUnder(specCsp, origin);
  try {
    await showUnder(page, proxy.url);
    const tree = page.frameLocator('suip-mcp-app iframe').frameLocator('iframe').locator('suip-tree');
    await expect(tree.getByText('clicks: 0')).toBeVisible({ timeout: 30_000 });
    await tree.getByRole('button', { name: 'Count' }).click();
    await expect(tree.getByText('clicks: 1')).toBeVisible();
    await expect(page.frameLocator('suip-mcp-app iframe').frameLocator('iframe').locator('body')).toHaveAttribute(
      'data-suip-isolation',
      'worker',
    );
    // The policy it ran under: the spec's restrictive default plus the one source the view declares (its Worker's blob:).
    expect(proxy.served).toEqual([
      "default-src 'none'; script-src 'self' 'unsafe-inline' blob:; style-src 'self' 'unsafe-inline' blob:; img-src 'self' data: blob:; font-src blob:; media-src 'self' data: blob:; connect-src 'none'",
    ]);
  } finally {
    await proxy.close();
  }
});

// MCP Inspector 2.12 sets `worker-src 'none'` for every view: the relay's blob Worker is refused,
// and the program runs in the Worker-less mode (a nested sandboxed frame), which the view says.
test("under MCP Inspector 2.12's view CSP (worker-src 'none') the program runs without a Worker and answers a click", async ({
  page,
}) => {
  const proxy = await serveProxyUnder(inspectorCsp, origin);
  try {
    await showUnder(page, proxy.url);
    expect(proxy.served[0]).toContain("worker-src 'none'");
    const view = page.frameLocator('suip-mcp-app iframe').frameLocator('iframe');
    const tree = view.locator('suip-tree');
    await expect(tree.getByText('clicks: 0')).toBeVisible({ timeout: 30_000 });
    await tree.getByRole('button', { name: 'Count' }).click();
    await expect(tree.getByText('clicks: 1')).toBeVisible();
    // Never silent: the view knows the mode (and logs it to the host, notifications/message).
    await expect(view.locator('body')).toHaveAttribute('data-suip-isolation', 'frame');
  } finally {
    await proxy.close();
  }
});
