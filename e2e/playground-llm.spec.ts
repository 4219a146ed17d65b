import { expect as baseExpect, test, type Page } from '@playwright/test';
import { docsImage } from './helpers/docs-image.ts';
import { startFakeLlmServer, type FakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { openPlayground, slotView } from './fixtures/playground/playground-page.ts';
import { pickRecordedAnswer } from './fixtures/playground/recorded-answers.ts';

// Interactions cross two sandboxes and a shared, loaded machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 10_000 });

/**
 * The model in the loop against a real HTTP server on 127.0.0.1 that speaks chat-completions
 * streaming (SSE) with recorded model output: a request renders; a broken first answer is
 * repaired in a second turn with the renderer's error sent back.
 */

let server: FakeLlmServer;
test.beforeAll(async () => {
  server = await startFakeLlmServer(pickRecordedAnswer, { chunkChars: 10, chunkDelayMs: 8 });
});
test.afterAll(async () => {
  await server.close();
});

async function generate(page: Page, request: string): Promise<void> {
  await page.getByText('Generate with a model').click();
  const panel = page.locator('pg-llm-panel');
  await panel.getByLabel('Base URL', { exact: true }).fill(server.baseUrl);
  await panel.getByLabel('Model', { exact: true }).fill('recorded-coder');
  await panel.getByLabel('API key', { exact: true }).fill('sk-test-123');
  await panel.getByLabel('What should the model build?').fill(request);
  await panel.getByRole('button', { name: 'Generate' }).click();
}

test('a request streams a program into the editor, runs it, and it renders', async ({ page }) => {
  await openPlayground(page);
  const before = server.requests.length;
  await generate(page, 'A counter card with one button');
  const panel = page.locator('pg-llm-panel');
  // Progress is visible while the answer streams in.
  await expect(panel.getByTestId('llm-progress')).toContainText(/streaming \d+ characters/);
  await expect(panel.getByTestId('llm-result')).toHaveText('Rendered after 1 turn.', { timeout: 20_000 });
  await expect(panel.locator('[data-turn="1"]')).toHaveAttribute('data-outcome', 'ok');

  const view = slotView(page, 'left');
  await expect(view.getByText('Click counter')).toBeVisible();
  await view.getByRole('button', { name: 'Click me' }).click();
  await expect(view.getByText('You clicked 1 times.')).toBeVisible();
  // The fenced program, not the prose around it, is what landed in the editor.
  const code = await page.locator('pg-code-editor textarea').inputValue();
  expect(code.startsWith('const { text, group, render } = suip;')).toBe(true);
  expect(code).not.toContain('```');

  const request = server.requests[before]!;
  expect(request.stream).toBe(true);
  expect(request.model).toBe('recorded-coder');
  expect(request.authorization).toBe('Bearer sk-test-123');
  expect(request.messages.map((m) => m.role)).toEqual(['system', 'user']);
  expect(request.messages[0]!.content).toContain('suip');
  expect(request.messages[0]!.content).toContain('text-field');
  expect(request.messages[1]!.content).toBe('A counter card with one button');
  // The key lives in sessionStorage only.
  const stored = await page.evaluate(() => ({
    session: sessionStorage.getItem('suip.playground.llm') ?? '',
    local: JSON.stringify(localStorage),
    cookie: document.cookie,
  }));
  expect(stored.session).toContain('sk-test-123');
  expect(stored.local).not.toContain('sk-test-123');
  expect(stored.cookie).not.toContain('sk-test-123');
});

test('a broken first answer triggers a repair turn with the error, and the fixed program renders', async ({ page }) => {
  await openPlayground(page);
  const before = server.requests.length;
  await generate(page, 'A card with visitor statistics');
  const panel = page.locator('pg-llm-panel');
  await expect(panel.getByTestId('llm-result')).toHaveText('Rendered after 2 turns.', { timeout: 30_000 });
  await expect(panel.locator('[data-turn="1"]')).toHaveAttribute('data-outcome', 'failed');
  await expect(panel.locator('[data-turn="1"]')).toContainText('Turn 1 of 3');
  await expect(panel.locator('[data-turn="2"]')).toHaveAttribute('data-kind', 'repair');
  await expect(panel.locator('[data-turn="2"]')).toHaveAttribute('data-outcome', 'ok');
  // The failed turn shows the renderer's error, naming the type and the role to fix.
  await expect(panel.locator('[data-turn="1"]')).toContainText('has no role "count"');

  const view = slotView(page, 'left');
  await expect(view.getByText('Visitors today')).toBeVisible();
  await expect(view.getByText('8,730')).toBeVisible();

  const repair = server.requests[before + 1]!;
  expect(repair.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  expect(repair.messages[2]!.content).toContain("['count', text(s.count)]");
  const feedback = repair.messages[3]!.content;
  expect(feedback).toContain('Your program failed');
  expect(feedback).toContain('VocabularyViolation');
  expect(feedback).toContain('"stat"');
  expect(feedback).toMatch(/path \["root","numbers","today"\]|\["root","numbers"/);

  await page.setViewportSize({ width: 1400, height: 900 });
  await panel.locator('[data-turn="2"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: docsImage('playground-llm-repair.png') });
});

for (const [request, says, shows] of [
  ['A size picker for a T-shirt', 'did you mean group("choice"', 'Medium'],
  ['A grocery list', 'Give it an id: ["item-0", "Milk"]', 'Bread'],
] as const) {
  test(`a repair turn driven only by the new error message: ${request}`, async ({ page }) => {
    await openPlayground(page);
    const before = server.requests.length;
    await generate(page, request);
    const panel = page.locator('pg-llm-panel');
    await expect(panel.getByTestId('llm-result')).toHaveText('Rendered after 2 turns.', { timeout: 30_000 });
    await expect(panel.locator('[data-turn="1"]')).toHaveAttribute('data-outcome', 'failed');
    await expect(panel.locator('[data-turn="1"]')).toContainText(says);
    expect(server.requests[before + 1]!.messages[3]!.content).toContain(says);
    await expect(slotView(page, 'left').getByText(shows)).toBeVisible();
  });
}

test('the built-in demo model needs no key and no network: a broken first answer is repaired from the renderer error', async ({
  page,
  baseURL,
}) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:') && !request.url().startsWith('blob:'))
      outside.push(request.url());
  });
  await openPlayground(page);
  await page.evaluate(() => sessionStorage.clear());
  await page.getByText('Generate with a model').click();
  const panel = page.locator('pg-llm-panel');
  await expect(panel.getByLabel('Base URL', { exact: true })).toHaveValue('demo:');
  await panel.getByLabel('What should the model build?').fill('A card with visitor statistics');
  await panel.getByRole('button', { name: 'Generate' }).click();
  await expect(panel.getByTestId('llm-result')).toHaveText(
    "Rendered the demo model's recorded answer “Visitors card (repaired)” after 2 turns.",
    { timeout: 30_000 },
  );
  await expect(panel.locator('[data-turn="1"]')).toContainText('has no role "count"');
  await expect(slotView(page, 'left').getByText('8,730')).toBeVisible();
  expect(outside).toEqual([]);
});

test('an endpoint with nothing behind it: the turn ends as failed with a hint, not "streaming…"', async ({ page }) => {
  await openPlayground(page);
  await page.getByText('Generate with a model').click();
  const panel = page.locator('pg-llm-panel');
  await panel.getByLabel('Base URL', { exact: true }).fill('http://127.0.0.1:9/v1');
  await panel.getByLabel('What should the model build?').fill('Anything');
  await panel.getByRole('button', { name: 'Generate' }).click();
  await expect(panel.getByTestId('llm-result')).toContainText('The request failed', { timeout: 20_000 });
  await expect(panel.getByTestId('llm-result')).toContainText('demo:');
  await expect(panel.locator('[data-turn="1"]')).toHaveAttribute('data-outcome', 'failed');
  await expect(panel.locator('[data-turn="1"]')).not.toContainText('streaming…');
});

test('a program frozen in a busy loop is stopped by the watchdog and repaired', async ({ page }) => {
  await openPlayground(page);
  const before = server.requests.length;
  await generate(page, 'A live clock');
  const panel = page.locator('pg-llm-panel');
  await expect(panel.getByTestId('llm-result')).toHaveText('Rendered after 2 turns.', { timeout: 40_000 });
  await expect(panel.locator('[data-turn="1"]')).toHaveAttribute('data-outcome', 'failed');
  await expect(slotView(page, 'left').getByText('Clock')).toBeVisible();
  await expect(slotView(page, 'left').getByText(/[1-9]\d* ticks/)).toBeVisible();
  const feedback = server.requests[before + 1]!.messages[3]!.content;
  expect(feedback).toMatch(/heartbeat|watchdog|respond/i);
  // The other generator never stopped working.
  await slotView(page, 'right').getByRole('button', { name: '+1' }).click();
  await expect(slotView(page, 'right').getByText('Clicked 1 times')).toBeVisible();
});

test('an endpoint that fails is reported, not retried as a repair, and the code is kept', async ({ page }) => {
  await openPlayground(page);
  const before = server.requests.length;
  const code = await page.locator('pg-code-editor textarea').inputValue();
  await generate(page, 'something the recording does not have');
  const panel = page.locator('pg-llm-panel');
  await expect(panel.getByTestId('llm-result')).toContainText(
    'The request failed: the model endpoint answered HTTP 404',
    { timeout: 20_000 },
  );
  expect(server.requests.length).toBe(before + 1);
  await expect(page.locator('pg-code-editor textarea')).not.toHaveAttribute('readonly');
  await expect(page.locator('pg-code-editor textarea')).toHaveValue(code);
});
