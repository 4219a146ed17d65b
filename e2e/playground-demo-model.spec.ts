import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openSingle, slotView } from './fixtures/playground/playground-page.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The keyless demo model (`demo:`, the panel's default): each suggested request gets its own
 * recorded program, which really runs and renders in the sandbox with no error and no fallback
 * box (the panel's judge), labelled as the recording it is; a request it has no recording for is
 * refused in words and leaves the stage as it was.
 */
async function ask(page: Page, request: string): Promise<void> {
  await page.getByText('Generate with a model').click();
  const panel = page.locator('pg-llm-panel');
  await expect(panel.getByLabel('Base URL', { exact: true })).toHaveValue('demo:');
  await panel.getByLabel('What should the model build?').fill(request);
  await panel.getByRole('button', { name: 'Generate' }).click();
}

/**
 * The suggested requests (the panel's chips) and a text only the right program shows. Listed here
 * rather than imported: the recordings pull programs in with Vite's `?raw`, which Node cannot load.
 */
const ANSWERS: ReadonlyArray<{ id: string; chip: string; request: string; turns: number; shows: string | RegExp }> = [
  {
    id: 'visitors',
    chip: 'Visitors card (repaired)',
    request: "A card with today's website visitors and this week's",
    turns: 2,
    shows: '51,902',
  },
  {
    id: 'weather-oslo',
    chip: 'Weather in Oslo',
    request: 'A weather card for Oslo with a 3-day forecast',
    turns: 1,
    shows: 'Weather in Oslo',
  },
  { id: 'sign-in', chip: 'Login form', request: 'A login form', turns: 1, shows: 'Email me a sign-in link' },
  {
    id: 'sign-up',
    chip: 'Sign-up form',
    request: 'A sign-up form that checks each field',
    turns: 1,
    shows: 'Create your account',
  },
  { id: 'todo', chip: 'Todo list', request: 'A todo list with tags and a filter', turns: 1, shows: /left|done/i },
  { id: 'chart', chip: 'Sales chart', request: 'A bar chart of monthly sales', turns: 1, shows: 'Monthly sales (k€)' },
  {
    id: 'table',
    chip: 'Customer table',
    request: 'A table of customers I can search, filter and sort',
    turns: 1,
    shows: /country/i,
  },
  { id: 'quiz', chip: 'Quiz', request: 'A short quiz with three questions', turns: 1, shows: 'Check answer' },
  {
    id: 'settings',
    chip: 'Settings form',
    request: 'A settings form with switches and a slider',
    turns: 1,
    shows: /notifications/i,
  },
  {
    id: 'dashboard',
    chip: 'Dashboard',
    request: 'An analytics dashboard with stats and charts',
    turns: 1,
    shows: 'Traffic overview',
  },
  { id: 'kanban', chip: 'Kanban board', request: 'A kanban board for a small team', turns: 1, shows: /to do/i },
  { id: 'chat', chip: 'Chat', request: 'A chat where the reply streams in', turns: 1, shows: /send/i },
  {
    id: 'counter',
    chip: 'Counter',
    request: 'A counter with +1 and reset buttons',
    turns: 1,
    shows: 'Clicked 0 times',
  },
];

test('the panel suggests exactly these requests', async ({ page }) => {
  await openSingle(page);
  await page.getByText('Generate with a model').click();
  await expect(
    page.locator('pg-llm-panel').getByRole('group', { name: 'Try a request' }).getByRole('button'),
  ).toHaveText(ANSWERS.map((a) => a.chip));
});

for (const answer of ANSWERS) {
  test(`the demo model answers “${answer.request}” with its own recording, which renders`, async ({ page }) => {
    await openSingle(page, 'example=counter');
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect(page.getByTestId('status-left')).toHaveText('ready', { timeout: 20_000 });
    await page.getByText('Generate with a model').click();
    // The chip puts the request in the box: the suggestion and the recording are one.
    await page.locator('pg-llm-panel').getByRole('button', { name: answer.chip, exact: true }).click();
    await expect(page.locator('pg-llm-panel').getByLabel('What should the model build?')).toHaveValue(answer.request);
    await page.locator('pg-llm-panel').getByRole('button', { name: 'Generate' }).click();
    const turns = answer.turns;
    await expect(page.getByTestId('llm-result')).toHaveText(
      `Rendered the demo model's recorded answer “${answer.chip}” after ${turns} turn${turns === 1 ? '' : 's'}.`,
      { timeout: 40_000 },
    );
    await expect(page.getByTestId('llm-recording').first()).toHaveText(`demo model's recorded answer “${answer.chip}”`);
    await expect(slotView(page, 'left').getByText(answer.shows).first()).toBeVisible();
    await expect(slotView(page, 'left').getByText('Clicked 0 times')).toHaveCount(answer.id === 'counter' ? 1 : 0);
  });
}

test('a request the demo model has no recording for is answered in words, and the stage keeps what it showed', async ({
  page,
}) => {
  await openSingle(page, 'example=counter');
  await page.evaluate(() => sessionStorage.clear());
  await ask(page, 'A weather card for Paris');
  await expect(page.getByTestId('llm-result')).toContainText(
    'The demo model has no recorded answer for “A weather card for Paris”',
  );
  await expect(page.getByTestId('llm-result')).toContainText('set Base URL to an OpenAI-compatible endpoint');
  await expect(page.getByTestId('llm-turns')).toHaveCount(0);
  await expect(slotView(page, 'left').getByText('Clicked 0 times')).toBeVisible();
  await expect(page.locator('pg-code-editor textarea')).toHaveValue(/Counter/);
});
