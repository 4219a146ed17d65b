import { expect as baseExpect, test, type Page } from '@playwright/test';
import { loadExample, openSingle, slotView } from './fixtures/playground/playground-page.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The playground at 1280×800 (issue 30 item 8): the stage first, the devtools one row until
 * opened (and remembered), op log columns that never run into each other, counters of the current
 * run only, a theme switch the renderer follows, and a failed program's error in the box.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const BROKEN =
  "const { group, render } = suip;\nconst settings = undefined;\nrender(group('card', [['title', settings.title]]));";

async function runCode(page: Page, code: string): Promise<void> {
  await page.locator('pg-code-editor textarea').fill(code);
  await page.getByRole('group', { name: 'Program' }).getByRole('button', { name: 'Run' }).click();
}

test('the stage gets the height; the devtools are one row until opened, and stay as the user left them', async ({
  page,
}) => {
  await openSingle(page, 'example=dashboard');
  const ui = (await page.locator('section.ui').boundingBox())!;
  const devtools = (await page.locator('section.devtools').boundingBox())!;
  expect(devtools.height).toBeLessThan(110);
  expect(ui.height).toBeGreaterThan(800 * 0.75);
  await expect(page.locator('pg-op-log')).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Devtools' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // A tab opens the devtools on it.
  await page.getByRole('tab', { name: 'Op log' }).click();
  await expect(page.locator('pg-op-log')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const opened = (await page.locator('section.ui').boundingBox())!;
  expect(opened.height).toBeGreaterThan((800 - 50) / 2);
  await page.reload();
  await expect(page.getByTestId('status-left')).toHaveText('ready', { timeout: 20_000 });
  await expect(page.locator('pg-op-log')).toBeVisible();
  await page.getByRole('button', { name: 'Devtools' }).click();
  await page.reload();
  await expect(page.getByTestId('status-left')).toHaveText('ready', { timeout: 20_000 });
  await expect(page.locator('pg-op-log')).toBeHidden();
});

test('op log columns fit: times are formatted, every cell ends before the next begins', async ({ page }) => {
  await openSingle(page, 'example=live-ticker');
  await page.getByRole('tab', { name: 'Op log' }).click();
  // Wait until some messages are a few seconds after the first one.
  await expect(page.locator('pg-op-log li').last().locator('span').nth(1)).toHaveText(/^\d+\.\d\d s$/, {
    timeout: 20_000,
  });
  const problems = await page.locator('pg-op-log').evaluate((log) =>
    [...log.shadowRoot!.querySelectorAll('button.row')].slice(-30).flatMap((row) => {
      const cells = [...row.querySelectorAll(':scope > span')].map((cell) => cell.getBoundingClientRect());
      const rowBox = row.getBoundingClientRect();
      return cells.flatMap((cell, i) => {
        const next = cells[i + 1];
        const out: string[] = [];
        if (next !== undefined && cell.right > next.left + 0.5)
          out.push(`cell ${i} of ${row.textContent} overlaps the next`);
        if (cell.right > rowBox.right + 0.5) out.push(`cell ${i} of ${row.textContent} leaves the row`);
        return out;
      });
    }),
  );
  expect(problems).toEqual([]);
  const times = await page
    .locator('pg-op-log')
    .evaluate((log) =>
      [...log.shadowRoot!.querySelectorAll('button.row > span:nth-child(2)')].map((cell) => cell.textContent ?? ''),
    );
  for (const time of times) expect(time).toMatch(/^(\d+ ms|\d+\.\d\d s|\d+:\d\d\.\d|\d+:\d\d:\d\d)$/);
});

test('the counters count the current run only', async ({ page }) => {
  await openSingle(page, 'example=counter');
  const counter = (name: string) => page.locator(`pg-counters [data-counter="${name}"]`);
  await runCode(page, BROKEN);
  await expect(counter('errors')).toHaveText('1');
  await loadExample(page, 'weather-card');
  await expect(counter('errors')).toHaveText('0');
  const ops = Number(await counter('ops').textContent());
  expect(ops).toBeGreaterThan(0);
  await loadExample(page, 'counter');
  await expect(counter('errors')).toHaveText('0');
  // The counter's first render, not the sum of every run since the page opened.
  await expect.poll(async () => Number(await counter('ops').textContent())).toBeLessThanOrEqual(ops);
});

test('the theme switch themes the page and the rendered UI, tells programs attached after it, and is remembered', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSingle(page, 'example=counter');
  const tree = page.locator('.stage suip-tree');
  const scheme = () => tree.evaluate((element) => getComputedStyle(element).colorScheme);
  expect(await scheme()).toBe('light');
  await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(tree).toHaveAttribute('theme', 'dark');
  expect(await scheme()).toBe('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(14, 17, 22)');
  // A program attached now is told the scheme it is shown in.
  await runCode(
    page,
    "const { group, render } = suip;\nrender(group('card', [['title', 'Theme: ' + suip.hostContext.theme]]));",
  );
  await expect(slotView(page, 'left').getByText('Theme: dark')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('status-left')).toHaveText('ready', { timeout: 20_000 });
  await expect(page.getByRole('combobox', { name: 'Theme', exact: true })).toHaveValue('dark');
  await expect(page.locator('.stage suip-tree')).toHaveAttribute('theme', 'dark');
  // "System" follows the system's scheme again.
  await page.getByRole('combobox', { name: 'Theme', exact: true }).selectOption('auto');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a program that fails before its first render shows its error in the box; the host can turn that off', async ({
  page,
}) => {
  await openSingle(page, 'example=counter');
  await runCode(page, BROKEN);
  const box = page.getByTestId('run-error-left');
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute('role', 'alert');
  await expect(box).toContainText('The program failed.');
  await expect(box).toContainText("reading 'title'");
  // Inside the stage's section, where the program's UI would be.
  const ui = (await page.locator('section.ui').boundingBox())!;
  const shown = (await box.boundingBox())!;
  expect(shown.y).toBeGreaterThan(ui.y);
  expect(shown.y + shown.height).toBeLessThan(ui.y + ui.height);
  await loadExample(page, 'counter');
  await expect(box).toHaveCount(0);
  // A host that shows errors its own way turns the state off.
  await page.evaluate(() => {
    const { app } = (
      window as unknown as { suipPlayground: { app: { wiring: { errorState?: boolean }; requestUpdate(): void } } }
    ).suipPlayground;
    app.wiring.errorState = false;
    app.requestUpdate();
  });
  await runCode(page, BROKEN);
  await expect(page.getByTestId('errors').locator('li')).toHaveCount(1);
  await expect(box).toHaveCount(0);
});

test('a line longer than the editor is said: its right edge fades until scrolled to the line end', async ({ page }) => {
  await openSingle(page);
  const editor = page.getByRole('textbox', { name: 'Program code' });
  const wrap = page.locator('pg-code-editor .wrap');
  await editor.fill('const short = 1;');
  await baseExpect(wrap).not.toHaveAttribute('data-more-right');
  await editor.fill(`const long = '${'x'.repeat(400)}';`);
  // Typing left the caret, and the view, at the line's end; back to its start, the rest is cut.
  const scrollTo = (left: 'start' | 'end') =>
    editor.evaluate((area, to) => {
      area.scrollLeft = to === 'start' ? 0 : area.scrollWidth;
      area.dispatchEvent(new Event('scroll'));
    }, left);
  await scrollTo('start');
  await baseExpect(wrap).toHaveAttribute('data-more-right', '');
  // The fade is drawn over the editor's right edge.
  const fade = await wrap.evaluate((el) => getComputedStyle(el, '::after').backgroundImage);
  baseExpect(fade).toContain('linear-gradient');
  await scrollTo('end');
  await baseExpect(wrap).not.toHaveAttribute('data-more-right');
});
