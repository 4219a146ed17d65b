import { expect, test } from '@playwright/test';
import { startInspector, type Inspector } from './fixtures/mcp-apps/inspector.ts';
import { startMcpProcess, type McpProcess } from './fixtures/mcp-apps/processes.ts';

/**
 * suip's MCP App in MCP Inspector's real web UI (`@modelcontextprotocol/inspector` 2.12, its Apps
 * tab: an MCP Apps host on ext-apps 2.x whose view CSP has `worker-src 'none'`), both as real
 * processes: the user connects, opens the `suip_render` app, gives a program and opens it; the
 * view runs it in the Worker-less mode and a click goes through.
 */

let suip: McpProcess;
let inspector: Inspector;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The first run on a machine may fetch Node 22 (~30 MB) from the registry.
  test.setTimeout(360_000);
  suip = await startMcpProcess('server/mcp/main.ts', ['--port', '0']);
  inspector = await startInspector(suip.url);
});
test.afterAll(async () => {
  await Promise.all([suip?.stop(), inspector?.stop()]);
});

// One line: the Inspector's `program` field is a single-line text input.
const PROGRAM =
  "const { text, group, render } = suip; let clicks = 0; const view = () => group('card', [['title', 'in the Inspector'], " +
  "['count', text('clicks: ' + clicks)], ['go', group('button', [['label', 'Count']], { on: { click: () => " +
  '{ clicks += 1; render(view()); } } })]]); render(view());';

test("MCP Inspector's web UI: its Apps tab calls suip_render, the view runs the program without a Worker (its CSP has worker-src 'none') and a click goes through", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /worker-src/.test(m.text())) refused.push(m.text());
  });
  // Its page links a Google font: refused at once here, so a machine without DNS waits for nothing.
  await page.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) => route.abort());
  await page.goto(inspector.url);
  // The switch's input is visually hidden (Mantine draws a track over it): a click, even forced, needs its box, which
  // it lacks until the page's styles are in (a CI run beside two hogs: "Element is not visible"). The event itself
  // toggles it whatever the layout.
  await page.getByRole('switch', { name: /Connect or disconnect/ }).dispatchEvent('click');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByText('Apps', { exact: true }).click();
  await page.getByText('Show a suip UI').click();
  await page.getByRole('textbox', { name: 'program' }).fill(PROGRAM);
  await page.getByRole('button', { name: 'Open App' }).click();

  // The Inspector's sandbox frame (its own origin), then the view it writes into it.
  const view = page.frameLocator('iframe').first().frameLocator('iframe').first();
  const tree = view.locator('suip-tree');
  await expect(tree.getByText('clicks: 0')).toBeVisible({ timeout: 60_000 });
  await tree.getByRole('button', { name: 'Count' }).click();
  await expect(tree.getByText('clicks: 1')).toBeVisible();
  // The mode is never silent: the view says it, and the Inspector's own CSP is what refused the Worker.
  await expect(view.locator('body')).toHaveAttribute('data-suip-isolation', 'frame');
  expect(refused.join('\n')).toContain("worker-src 'none'");
  // The view logged the cause to the host: the Inspector lists it under "App logs".
  await expect(page.getByText(/Content-Security-Policy refuses/)).toBeVisible();
});
