import { expect as baseExpect, test } from '@playwright/test';
import { startFakeLlmServer, type FakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { openPlayground, slotTree, slotView } from './fixtures/playground/playground-page.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * Progressive rendering of a program while the model still writes it (issue 17): the playground
 * runs each complete prefix, the next prefix adopts what the last one shows, and the final
 * program runs once at the end. Checked: UI visible while the answer is still streaming, no
 * element re-created across prefixes, the final tree equal to a non-streamed run.
 */

/** A program whose every line is a complete statement that shows a little more. */
const PROGRAM = [
  'const { render, group, text } = suip;',
  'const items = [];',
  "const view = () => group('card', [['title', text('Shopping list', 'text/plain')], ['items', group('list', items.map((item) => [item, text(item, 'text/plain')]))]]);",
  'render(view());',
  ...['Milk', 'Bread', 'Apples', 'Coffee', 'Rice', 'Lemons', 'Butter', 'Tomatoes'].flatMap((item) => [`items.push(${JSON.stringify(item)});`, 'render(view());']),
  '',
].join('\n');

let server: FakeLlmServer;
test.beforeAll(async () => {
  // About 1,100 characters at 6 characters per 40 ms: the answer takes ~7 s to stream.
  server = await startFakeLlmServer(() => `Here it is:\n\n\`\`\`js\n${PROGRAM}\`\`\`\n`, { chunkChars: 6, chunkDelayMs: 40 });
});
test.afterAll(async () => {
  await server.close();
});

test('the UI grows while the program streams, keeps its elements, and ends equal to a non-streamed run', async ({ page }) => {
  await openPlayground(page);
  await page.getByText('Generate with a model').click();
  const panel = page.locator('pg-llm-panel');
  await panel.getByLabel('Base URL', { exact: true }).fill(server.baseUrl);
  await panel.getByLabel('Model', { exact: true }).fill('scripted');
  await panel.getByLabel('What should the model build?').fill('A shopping list');
  await panel.getByRole('button', { name: 'Generate' }).click();

  const view = slotView(page, 'left');
  // Visible while the model is still writing: the panel still says "streaming" and has no result.
  await expect(view.getByText('Shopping list')).toBeVisible();
  await expect(panel.getByTestId('llm-progress')).toContainText('streaming');
  await expect(panel.getByTestId('llm-result')).toHaveText('');
  // Mark the card element: if any later prefix or the final run re-created it, the mark is gone.
  await view.locator('suip-card').first().evaluate((card) => ((card as unknown as { streamMark: string }).streamMark = 'first'));
  await expect(view.getByText('Milk')).toBeVisible();

  await expect(panel.getByTestId('llm-result')).toHaveText('Rendered after 1 turn.', { timeout: 40_000 });
  await expect(view.getByText('Tomatoes')).toBeVisible();
  expect(await view.locator('suip-card').first().evaluate((card) => (card as unknown as { streamMark?: string }).streamMark)).toBe('first');
  // Prefix runs are silent: no error reached the list shown next to the code.
  await expect(page.getByTestId('errors').locator('li')).toHaveCount(0);

  // The same program run at once in the other slot gives the same tree.
  await page.evaluate((code) => (window as unknown as { suipPlayground: { host: { run(slot: string, code: string): Promise<void> } } }).suipPlayground.host.run('right', code), PROGRAM);
  await expect(slotView(page, 'right').getByText('Tomatoes')).toBeVisible();
  expect(await slotTree(page, 'left')).toEqual(await slotTree(page, 'right'));
});
