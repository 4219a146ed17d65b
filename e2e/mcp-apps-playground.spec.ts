import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMcpProcess, type McpProcess } from './fixtures/mcp-apps/processes.ts';

/**
 * The playground's MCP Apps panel against a real `suip mcp --sandbox-port` process: connect, pick
 * the tool, and its view (suip's own MCP App here) is shown next to the playground's programs.
 */

/** The tool arguments of docs/neighbours/mcp-apps.md's no-model round trip, read from the doc's text. */
const ROUND_TRIP_ARGUMENTS = /^(\{"program": .*\})$/m.exec(
  readFileSync(fileURLToPath(new URL('../docs/neighbours/mcp-apps.md', import.meta.url)), 'utf8'),
)![1]!;

let suip: McpProcess;
let sandbox: string;

test.beforeAll(async ({}, info) => {
  test.setTimeout(120_000);
  suip = await startMcpProcess('server/mcp/main.ts', [
    '--port',
    '0',
    '--sandbox-port',
    '0',
    '--origins',
    new URL(info.project.use.baseURL!).origin,
  ]);
  sandbox = /sandbox (\S+)/.exec(suip.output())![1]!;
});
test.afterAll(async () => {
  await suip?.stop();
});

test('the playground connects to an MCP server, lists the tools that have a UI and shows one', async ({ page }) => {
  await page.goto('/');
  const panel = page.getByTestId('mcp-apps-panel');
  await panel.locator('summary').click();
  await panel.getByLabel('MCP server').fill(suip.url);
  await panel.getByLabel('Sandbox proxy').fill(sandbox);
  await panel
    .getByLabel('Arguments (JSON)')
    .fill(JSON.stringify({ program: 'suip.render(suip.text("hello from an MCP tool"))' }));
  await panel.getByRole('button', { name: 'Connect' }).click();
  await expect(panel.getByRole('status')).toHaveText('1 of 2 tools have a UI');
  await panel.getByRole('button', { name: 'Show a suip UI' }).click();
  const view = page.frameLocator('suip-mcp-app iframe').frameLocator('iframe');
  await expect(view.locator('suip-tree').getByText('hello from an MCP tool')).toBeVisible({ timeout: 30_000 });
});

test("no model, the doc's round trip: the view's button sends a message back to the playground", async ({ page }) => {
  await page.goto('/');
  const panel = page.getByTestId('mcp-apps-panel');
  await panel.locator('summary').click();
  await panel.getByLabel('MCP server').fill(suip.url);
  await panel.getByLabel('Sandbox proxy').fill(sandbox);
  // The doc's arguments, as written there.
  await panel.getByLabel('Arguments (JSON)').fill(ROUND_TRIP_ARGUMENTS);
  await panel.getByRole('button', { name: 'Connect' }).click();
  await panel.getByRole('button', { name: 'Show a suip UI' }).click();
  const view = page.frameLocator('suip-mcp-app iframe').frameLocator('iframe');
  await expect(view.locator('suip-tree').getByText('Hello from suip mcp')).toBeVisible({ timeout: 30_000 });
  await view.locator('suip-tree').getByRole('button', { name: 'Say hi' }).click();
  await expect(panel.getByRole('status')).toHaveText('the app says: hi from the view');
});

test("the panel looks like the rest of the playground: the model panel's fields and primary button, the view on the stage", async ({
  page,
}) => {
  // Issue 48: the panel had browser-default inputs, a full-width button, and drew the view in the narrow code column.
  await page.goto('/');
  await page.locator('details.llm summary').click();
  const panel = page.getByTestId('mcp-apps-panel');
  await panel.locator('summary').click();
  const look = (element: Element) => {
    const s = getComputedStyle(element);
    return {
      border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
      radius: s.borderTopLeftRadius,
      padding: `${s.paddingTop} ${s.paddingLeft}`,
      font: `${s.fontSize} ${s.fontFamily}`,
      background: s.backgroundColor,
    };
  };
  const modelField = await page.locator('pg-llm-panel').getByLabel('Model', { exact: true }).evaluate(look);
  for (const label of ['MCP server', 'Sandbox proxy', 'Arguments (JSON)'])
    expect(await panel.getByLabel(label).evaluate(look), label).toEqual(modelField);
  const run = await page.getByRole('button', { name: 'Run', exact: true }).evaluate(look);
  const connect = panel.getByRole('button', { name: 'Connect' });
  expect((await connect.evaluate(look)).background).toBe(run.background);
  const [connectBox, formBox] = [await connect.boundingBox(), await panel.locator('form').boundingBox()];
  expect(connectBox!.width).toBeLessThan(formBox!.width / 2);

  await panel.getByLabel('MCP server').fill(suip.url);
  await panel.getByLabel('Sandbox proxy').fill(sandbox);
  await panel
    .getByLabel('Arguments (JSON)')
    .fill(JSON.stringify({ program: 'suip.render(suip.text("on the stage"))' }));
  await connect.click();
  await panel.getByRole('button', { name: 'Show a suip UI' }).click();
  const view = page.locator('suip-mcp-app');
  await expect(view).toBeVisible({ timeout: 30_000 });
  // Drawn where the programs are, and wider than the code column it used to be squeezed into.
  expect(await view.evaluate((el) => el.closest('section.ui') !== null)).toBe(true);
  const [viewBox, codeBox] = [await view.boundingBox(), await panel.boundingBox()];
  expect(viewBox!.width).toBeGreaterThan(codeBox!.width);
});
