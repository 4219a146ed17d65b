import { expect as baseExpect, test } from '@playwright/test';
import {
  openDevtools,
  openSingle,
  slotTree,
  slotView,
  trackPageErrors,
} from './fixtures/playground/playground-page.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

test('one program at full width by default; side by side is a mode; the phone shows the output first', async ({
  page,
}) => {
  await openSingle(page);
  await expect(page.getByRole('radio', { name: 'Single' })).toBeChecked();
  await expect(page.getByTestId('status-right')).toHaveCount(0);
  const stage = await page.locator('section.ui').boundingBox();
  const program = await slotView(page, 'left').boundingBox();
  // The program takes the stage's width (minus padding), not a column of it.
  expect(program!.width).toBeGreaterThan(stage!.width - 60);
  await page.getByRole('radio', { name: 'Side by side' }).check();
  await expect(page.getByTestId('status-right')).toHaveText('ready', { timeout: 20_000 });
  const left = await slotView(page, 'left').boundingBox();
  expect(left!.width).toBeLessThan(stage!.width / 2);
  expect(page.url()).toContain('mode=split');

  await page.setViewportSize({ width: 390, height: 844 });
  const ui = await page.locator('section.ui').boundingBox();
  const code = await page.locator('section.code').boundingBox();
  expect(ui!.y).toBeLessThan(code!.y);
});

test('a shared URL reproduces a run (mode, edited program, endpoint, tab) in a new browser context', async ({
  page,
  browser,
}) => {
  const errors = trackPageErrors(page);
  await openSingle(page, 'example=dashboard');
  await expect(slotView(page, 'left').getByText('Traffic overview')).toBeVisible();
  // Edit the program: the link must carry the code itself, not just the example's name.
  const editor = page.locator('pg-code-editor textarea');
  await editor.fill((await editor.inputValue()).replace("'Traffic overview'", "'Shared overview'"));
  await page.getByRole('group', { name: 'Program' }).getByRole('button', { name: 'Run' }).click();
  await expect(slotView(page, 'left').getByText('Shared overview')).toBeVisible();
  await slotView(page, 'left').getByRole('button', { name: 'Last 30 days' }).click();
  await page.getByRole('tab', { name: 'Tree' }).click();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('notice')).toContainText(/Link copied|address bar/);
  const url = page.url();
  expect(url).toContain('code.left=');
  expect(url).not.toContain('apiKey');
  const code = await editor.inputValue();
  const tree = await slotTree(page, 'left');

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(url);
  await other.waitForFunction(() => (window as unknown as { suipPlayground?: unknown }).suipPlayground !== undefined);
  await other.evaluate(() => (window as unknown as { suipPlayground: { ready: Promise<void> } }).suipPlayground.ready);
  await expect(other.getByTestId('status-left')).toHaveText('ready', { timeout: 20_000 });
  await expect(other.locator('pg-code-editor textarea')).toHaveValue(code);
  await expect(slotView(other, 'left').getByText('Shared overview')).toBeVisible();
  await expect(other.getByRole('tab', { name: 'Tree' })).toHaveAttribute('aria-selected', 'true');
  // Same program, same first render; then the same click gives the same tree.
  await slotView(other, 'left').getByRole('button', { name: 'Last 30 days' }).click();
  await expect.poll(() => slotTree(other, 'left')).toEqual(tree);
  await context.close();
  expect(errors).toEqual([]);
});

test('the op log keeps the clicked row in view while messages keep arriving', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSingle(page, 'example=live-ticker');
  await openDevtools(page);
  const log = page.locator('pg-op-log');
  // The ticker streams updates: wait until the list overflows.
  await expect
    .poll(() =>
      log.evaluate((el) => {
        const ol = el.shadowRoot!.querySelector('ol')!;
        return ol.scrollHeight > ol.clientHeight * 2;
      }),
    )
    .toBe(true);
  // Open the last row that is fully visible at the bottom of the list (where expanding used to push it out of view).
  const seq = await log.evaluate((el) => {
    const ol = el.shadowRoot!.querySelector('ol')!;
    const box = ol.getBoundingClientRect();
    const rows = [...ol.querySelectorAll('li')].filter((li) => {
      const r = li.getBoundingClientRect();
      return r.bottom <= box.bottom && r.top >= box.top;
    });
    return rows.at(-1)!.dataset.seq!;
  });
  const row = log.locator(`li[data-seq="${seq}"]`);
  await row.locator('button').click();
  await expect(row.getByTestId('op-log-text')).toBeVisible();
  const inView = () =>
    log.evaluate((el, s) => {
      const ol = el.shadowRoot!.querySelector('ol')!;
      const li = ol.querySelector(`li[data-seq="${s}"]`)!;
      const box = ol.getBoundingClientRect();
      const head = li.querySelector('button')!.getBoundingClientRect();
      const text = li.querySelector('pre')!.getBoundingClientRect();
      return head.top >= box.top - 1 && head.bottom <= box.bottom + 1 && text.top < box.bottom - 20;
    }, seq);
  expect(await inView()).toBe(true);
  // More messages arrive (the ticker runs on): the opened row stays where the reader is.
  const count = await log.locator('li').count();
  await expect.poll(() => log.locator('li').count()).toBeGreaterThan(count + 3);
  expect(await inView()).toBe(true);
});

test('keyboard only: pick a mode and an example, edit and run, leave the editor, resize it, use the program', async ({
  page,
}) => {
  await openSingle(page);
  const focused = () =>
    page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      // A button's text as a person sees it: its label may sit in a shadow root of a child element.
      const composedText = (node: Node): string => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
        const root = (node as Element).shadowRoot;
        const kids = root ? [...root.childNodes] : [...node.childNodes];
        return kids.map(composedText).join('');
      };
      return `${el?.localName}${el?.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}${el && 'value' in el && el.localName === 'input' ? `=${(el as HTMLInputElement).value}` : ''}${el?.localName === 'button' ? `(${composedText(el).replace(/\s+/g, ' ').trim().slice(0, 40)})` : ''}`;
    });
  const tabTo = async (want: RegExp, max = 40) => {
    const path: string[] = [];
    for (let i = 0; i < max; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused();
      if (want.test(now)) return;
      path.push(now);
    }
    throw new Error(`never reached ${want}; Tab went through ${path.join(' → ').slice(0, 600)}`);
  };
  // Mode switch: a radio group, arrow keys move the choice.
  await tabTo(/^input=single$/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('status-right')).toHaveText('ready', { timeout: 20_000 });
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('status-right')).toHaveCount(0);
  // Examples menu.
  await tabTo(/^select\[Examples\]$/);
  // A closed native select changes its value with the arrow keys; type-ahead jumps to "Counter".
  await page.keyboard.type('Counter');
  await expect(slotView(page, 'left').getByText('Clicked 0 times')).toBeVisible();
  // The editor: type and run with Ctrl+Enter.
  await tabTo(/^textarea/);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n// edited from the keyboard');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('status-left')).toHaveText('ready');
  await expect(page.locator('pg-code-editor textarea')).toHaveValue(/edited from the keyboard/);
  // The re-run's UI is on screen before the user tabs to it (status "ready" comes with the first
  // transaction; its elements may still be building, and a Tab then passes an empty stage).
  await expect(slotView(page, 'left').getByRole('button', { name: '+1' })).toBeVisible();
  // Tab indents inside the editor; Escape then Tab leaves it.
  await page.keyboard.press('Escape');
  // The splitter: arrows resize the code column.
  await tabTo(/^pg-splitter\[Resize the code editor\]$/, 60);
  const before = Number(await page.locator('pg-splitter').getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('pg-splitter')).toHaveAttribute('aria-valuenow', String(before + 4));
  // The program's button answers the keyboard: focused, Enter presses it.
  await slotView(page, 'left').getByRole('button', { name: '+1' }).focus();
  expect(await focused()).toBe('button(+1)');
  await page.keyboard.press('Enter');
  await expect(slotView(page, 'left').getByText('Clicked 1 times')).toBeVisible();
});

// Found by the walk above (issue 30 item 9): Tab from the splitter into the stage was reported to skip
// the whole stage about one run in ten. It is a real test again: with retries off it passed 10 of 10
// with --repeat-each=10 (and 40 more runs at 4 workers, with and without the sandbox iframe's allow fix);
// the skip did not reproduce, so no product change is attributed to it. If it comes back, the
// walk above prints where each Tab went.
test("keyboard only: Tab from the splitter, after a resize, reaches the program's button", async ({ page }) => {
  await openSingle(page, 'example=counter');
  await expect(slotView(page, 'left').getByRole('button', { name: '+1' })).toBeVisible();
  await page.locator('pg-splitter').focus();
  await page.keyboard.press('ArrowRight');
  // The stage opens with two sentences on particles, groups and roles and their link: the first
  // Tab lands there, the next one in the program.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'How programs are written' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(slotView(page, 'left').getByRole('button', { name: '+1' })).toBeFocused();
});
