import { expect as baseExpect, test, type Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { errorList, loadExample, openPlayground, slotTree, trackPageErrors } from './fixtures/playground/playground-page.ts';

// Interactions cross two sandboxes and a shared, loaded machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 10_000 });

/**
 * Every example program runs from the menu, renders what it should (visible text and the
 * vocabulary elements it is built from) and reacts to one interaction. Examples share one page
 * load per group; each runs in the left slot beside the counter in the right slot.
 */

type Check = (page: Page) => Promise<void>;

const checks: Record<string, Check> = {
  'weather-card': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Weather in Lisbon')).toBeVisible();
    await expect(view.locator('suip-stat')).toHaveCount(3);
    await expect(view.locator('suip-list')).toContainText('Showers');
    await expect(view.getByRole('img', { name: 'Sun behind a small cloud' })).toBeVisible();
    await expect(view.getByRole('img', { name: 'Showers' })).toBeVisible();
    await expect(view.getByText('22 °C')).toBeVisible();
    await view.getByRole('button', { name: 'Show °F' }).click();
    await expect(view.getByText('72 °F')).toBeVisible();
    await expect(view.getByText('22 °C')).toHaveCount(0);
  },
  'todo-list': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('2 of 3 open')).toBeVisible();
    await expect(view.getByRole('checkbox')).toHaveCount(3);
    await view.getByLabel('New task').fill('Buy oat milk');
    await view.getByRole('button', { name: 'Add' }).click();
    await expect(view.getByRole('checkbox', { name: 'Buy oat milk' })).toBeVisible();
    await expect(view.getByText('3 of 4 open')).toBeVisible();
  },
  'signup-form': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Create your account')).toBeVisible();
    await expect(view.locator('suip-text-field')).toHaveCount(3);
    await view.getByLabel('Full name').fill('Ada');
    await view.getByLabel('Email').fill('not-an-email');
    await view.getByRole('button', { name: 'Sign up' }).click();
    await expect(view.getByText('Enter an email address like ada@example.org.')).toBeVisible();
    await expect(view.getByText('Use at least 3 characters.')).toBeVisible();
    await expect(view.getByText('Please fix 3 fields.')).toBeVisible();
    // The page never navigated: the submit's preventDefault ran in the host.
    expect(new URL(page.url()).pathname).toBe('/');
  },
  dashboard: async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Traffic overview')).toBeVisible();
    await expect(view.locator('suip-stat')).toHaveCount(4);
    await expect(view.locator('suip-chart-bar, suip-chart-line, suip-chart-pie')).toHaveCount(3);
    await expect(view.locator('suip-stat').filter({ hasText: 'Visitors' })).toContainText('+8.2 %');
    await expect(view.locator('suip-table')).toContainText('/pricing');
    await expect(view.getByText('12.4 k')).toBeVisible();
    await view.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(view.getByText('51.9 k')).toBeVisible();
    await expect(view.locator('suip-table')).toContainText('13870');
  },
  quiz: async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Question 1 of 3')).toBeVisible();
    await expect(view.getByRole('radio')).toHaveCount(3);
    await view.getByRole('radio', { name: 'Mercury' }).check();
    await view.getByRole('button', { name: 'Answer' }).click();
    await expect(view.getByText('Correct!')).toBeVisible();
    await expect(view.getByText('Score: 1')).toBeVisible();
  },
  'kanban-board': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.locator('suip-board suip-section')).toHaveCount(3);
    await expect(view.getByText('To do (2)')).toBeVisible();
    await expect(view.getByText('Doing (1)')).toBeVisible();
    // No dragging: the card's Status menu moves it to another column.
    const logo = view.locator('suip-card').filter({ hasText: 'Design the logo' });
    await logo.getByRole('combobox', { name: 'Status' }).selectOption('doing');
    await expect(view.getByText('To do (1)')).toBeVisible();
    await expect(view.getByText('Doing (2)')).toBeVisible();
    const doing = ((await slotTree(page, 'left')) as Tree).group[0]![1].group.find(([id]) => id === 'doing')!;
    expect(JSON.stringify(doing)).toContain('Design the logo');
    // "Move up" reorders within a column: the moved card (last in Doing) goes above Write the spec.
    await view.locator('suip-card').filter({ hasText: 'Design the logo' }).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(async () => JSON.stringify((await slotTree(page, 'left')) as Tree).indexOf('Design the logo') < JSON.stringify((await slotTree(page, 'left')) as Tree).indexOf('Write the spec')).toBe(true);
  },
  'setup-wizard': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Step 1 of 3: Account')).toBeVisible();
    await expect(view.locator('suip-progress')).toHaveCount(1);
    await view.getByLabel('Name').fill('Grace');
    await view.getByLabel('Email').fill('grace@example.org');
    await view.getByRole('button', { name: 'Next' }).click();
    await expect(view.getByText('Step 2 of 3: Plan')).toBeVisible();
    await expect(view.getByRole('radio')).toHaveCount(3);
  },
  'data-table': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('6 of 6 cities')).toBeVisible();
    await expect(view.locator('suip-table')).toContainText('Lisbon');
    await view.getByLabel('Filter').fill('ber');
    await expect(view.getByText('2 of 6 cities')).toBeVisible();
    await expect(view.locator('suip-table')).toContainText('Bergen');
    await expect(view.locator('suip-table')).toContainText('Berlin');
    await expect(view.locator('suip-table')).not.toContainText('Lisbon');
  },
  chat: async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Hi! Ask me anything about suip.')).toBeVisible();
    await expect(view.locator('suip-conversation suip-message')).toHaveCount(2);
    await view.getByLabel('Message').fill('How does streaming work?');
    await view.getByRole('button', { name: 'Send' }).click();
    await expect(view.getByText('How does streaming work?', { exact: true })).toBeVisible();
    await expect(view.getByText('You asked: “How does streaming work?”.', { exact: false })).toBeVisible({ timeout: 15_000 });
    // The reply streamed as text appends: small ops, never the whole text re-sent. How many tokens
    // share one message depends on the machine's load (one transaction in flight), so the count of
    // appends is only bounded below; what is exact is that no message carried the whole reply.
    const reply = (await view.getByText(/You asked: “How does streaming work\?”/).innerText()).trim();
    const { appends, whole } = await page.evaluate((text) => {
      const hook = (window as unknown as { suipPlayground: { host: { log: { entries: Array<{ generatorId: string; direction: string; text: string }> } } } }).suipPlayground;
      const inbound = hook.host.log.entries.filter((e) => e.generatorId === 'left' && e.direction === 'in');
      return {
        appends: inbound.filter((e) => e.text.includes('"text":') && !e.text.includes('"particle"')).length,
        whole: inbound.filter((e) => e.text.includes(JSON.stringify(text).slice(1, -1))).length,
      };
    }, reply);
    expect(reply.length).toBeGreaterThan(40);
    expect(appends).toBeGreaterThan(1);
    expect(whole).toBe(0);
  },
  settings: async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByRole('switch')).toHaveCount(3);
    await expect(view.getByRole('slider')).toHaveCount(2);
    const summary = view.locator('suip-key-value');
    await expect(summary).toContainText('Dark mode');
    await expect(view.locator('suip-pair').filter({ hasText: 'Dark mode' })).toContainText('off');
    await view.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(view.locator('suip-pair').filter({ hasText: 'Dark mode' })).toContainText('on');
  },
  counter: async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Clicked 0 times')).toBeVisible();
    await view.getByRole('button', { name: '+1' }).click();
    await view.getByRole('button', { name: '+1' }).click();
    await expect(view.getByText('Clicked 2 times')).toBeVisible();
  },
  'live-ticker': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.locator('suip-stat')).toHaveCount(3);
    await expect(view.getByText(/[1-9]\d* updates/)).toBeVisible();
    await view.getByRole('button', { name: 'Pause' }).click();
    await expect(view.getByText('Paused')).toBeVisible();
  },
  'vocabulary-gallery': async (page) => {
    const view = page.locator('suip-tree [data-generator="left"]');
    await expect(view.getByText('Vocabulary gallery')).toBeVisible();
    const all = Number((await view.getByText(/^Showing \d+ types$/).innerText()).match(/\d+/)![0]);
    expect(all).toBeGreaterThanOrEqual(30);
    await expect(view.locator('suip-grid > *, suip-grid suip-section').first()).toBeVisible();
    await view.getByRole('radio', { name: 'Input' }).check();
    await expect(view.getByText(/^Showing \d+ types$/)).not.toHaveText(`Showing ${all} types`);
    await expect(view.locator('suip-text-field').first()).toBeVisible();
    await expect(view.locator('suip-card')).toHaveCount(0);
  },
};

type Tree = { group: Array<[string, Tree]> };

const files = readdirSync(fileURLToPath(new URL('../examples/', import.meta.url))).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort();

test('`npm start` is the Vite dev server these specs run against, and it serves the playground', async ({ page }) => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.start).toBe('vite');
  await page.goto('/');
  await expect(page).toHaveTitle('suip playground');
  await expect(page.getByRole('main')).toBeVisible();
});

test('every example file has a check, and there are at least 10', () => {
  expect(files.length).toBeGreaterThanOrEqual(10);
  expect(Object.keys(checks).sort()).toEqual(files);
});

const groups = [files.slice(0, 4), files.slice(4, 8), files.slice(8)];
for (const [index, ids] of groups.entries()) {
  test(`examples group ${index + 1}: ${ids.join(', ')}`, async ({ page }) => {
    const pageErrors = trackPageErrors(page);
    await openPlayground(page, '/', 'left=counter&right=counter');
    for (const id of ids) {
      await test.step(id, async () => {
        await loadExample(page, id, 'left');
        await checks[id]!(page);
        await expect(errorList(page)).toHaveCount(0);
        // The right generator kept running beside it, untouched.
        await expect(page.locator('suip-tree [data-generator="right"]').getByText('Clicked 0 times')).toBeVisible();
      });
    }
    expect(pageErrors).toEqual([]);
  });
}
