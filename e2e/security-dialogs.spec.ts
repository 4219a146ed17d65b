import { expect, test, type Page } from '@playwright/test';
import type { RendererOptions } from '../renderer/index.ts';
import { attach, subtree } from './fixtures/sandbox/host-client.ts';

/**
 * Issue 29 B, the dialog loop: after one click a program chained 17–25 page-wide prompts,
 * re-asking each time the user pressed Escape. Here the same program runs in real Chromium: one
 * click buys one dialog, the chain gets precise refusals, three dismissals within 30 s bring the
 * host's offer to block the program's dialogs, and a blocked program gets errors while the block
 * is shown under the renderer (and can be undone there).
 */

async function open(page: Page, options: RendererOptions = {}): Promise<void> {
  await page.goto('/e2e/fixtures/confinement/host.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate((o) => window.sandboxTest.mount(o), options);
}

/** The program of the issue: each click starts a chain of 25 confirms that re-asks whenever one is dismissed. It tallies what happened by reason. */
const LOOP = `const { render, group, text, confirm } = suip;
const tally = {};
let last = '-';
const count = (key) => { tally[key] = (tally[key] || 0) + 1; };
const view = () => group(null, [
  ['go', group('button', [['label', text('Continue', 'text/plain')]], { on: { click: () => chain() } })],
  ['tally', text(JSON.stringify(tally), 'text/plain')],
  ['last', text('Last refusal: ' + last, 'text/plain')],
]);
async function chain() {
  for (let i = 0; i < 25; i += 1) {
    try {
      const ok = await confirm('Session check ' + i, { message: 'Please confirm to continue.' });
      count(ok ? 'answered' : 'dismissed');
    } catch (e) {
      count(e.data && e.data.reason || 'other');
      last = e.message;
    }
    await render(view());
  }
}
confirm('Out of the blue?').catch((e) => count(e.data.reason)).then(() => render(view()));
render(view());`;

/** The tally the program shows (its text particle, read from the renderer's snapshot). */
async function tally(page: Page): Promise<Record<string, number>> {
  const root = await subtree(page, 'loop');
  const entry = root?.group.find(([id]) => id === 'tally')?.[1] as { text?: string } | undefined;
  return JSON.parse(entry?.text ?? '{}') as Record<string, number>;
}

const hostDialogs = (page: Page) => page.locator('[data-suip-host-dialog]');

/** One click on the program's button, then Escape on the one dialog it opens; waits until the chain ran out. */
async function clickAndDismiss(page: Page, expected: Record<string, number>): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: /^Session check/ });
  await expect(dialog).toBeVisible();
  await expect(hostDialogs(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => tally(page)).toEqual(expected);
}

test('one click opens one dialog; the chain and the re-asks after Escape are refused; 3 dismissals bring the block offer; a blocked program gets errors and the block shows', async ({
  page,
}) => {
  await open(page);
  expect(await attach(page, 'loop', LOOP)).toMatchObject({ ok: true });
  await expect.poll(() => tally(page)).toEqual({ 'no-user-action': 1 });
  await expect(hostDialogs(page)).toHaveCount(0);

  // First click: one dialog, named for the program; Escape; the other 24 asks of the chain are refused at once.
  await page.getByRole('button', { name: 'Continue' }).click();
  const first = page.getByRole('dialog', { name: 'Session check 0' });
  await expect(first).toBeVisible();
  await expect(first.locator('[data-suip-dialog-origin]')).toHaveText(/Generated program\s*loop/);
  await expect(first.getByText('This question comes from the program above, not from this site.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect.poll(() => tally(page)).toEqual({ 'no-user-action': 1, dismissed: 1, 'user-action-spent': 24 });
  await expect(hostDialogs(page)).toHaveCount(0);
  await expect(page.getByText(/each dialog needs a new user action in your UI/)).toBeVisible();

  // Second click, second dismissal: still no offer.
  await clickAndDismiss(page, { 'no-user-action': 1, dismissed: 2, 'user-action-spent': 48 });
  await expect(hostDialogs(page)).toHaveCount(0);

  // Third dismissal within 30 s: the host's own offer opens at once (the chain finds a dialog open meanwhile).
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: /^Session check/ })).toBeVisible();
  await page.keyboard.press('Escape');
  const offer = page.getByRole('dialog', { name: 'Block dialogs from “loop”?' });
  await expect(offer).toBeVisible();
  await expect(offer.locator('[data-suip-dialog-origin]')).toHaveCount(0);
  await expect
    .poll(() => tally(page))
    .toEqual({ 'no-user-action': 1, dismissed: 3, 'user-action-spent': 48, 'dialog-open': 24 });
  await offer.getByRole('button', { name: 'Block its dialogs' }).click();
  await expect(hostDialogs(page)).toHaveCount(0);
  const notice = page.getByRole('status', { name: 'Blocked dialogs' });
  await expect(notice).toHaveText(/Dialogs from “loop” are blocked\./);

  // Blocked: a click opens nothing, and every ask of the chain gets the blocked error.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect
    .poll(() => tally(page))
    .toEqual({ 'no-user-action': 1, dismissed: 3, 'user-action-spent': 48, 'dialog-open': 24, 'dialogs-blocked': 25 });
  await expect(hostDialogs(page)).toHaveCount(0);
  await expect(page.getByText(/the user blocked this program's dialogs/)).toBeVisible();

  // The user allows them again from the notice: the next click opens one dialog, answered this time.
  await page.getByRole('button', { name: 'Allow dialogs from “loop” again' }).click();
  await expect(notice).toBeHidden();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Session check 0' }).getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => tally(page)).toMatchObject({ answered: 1, 'user-action-spent': 72 });
});

test('Escape in the program’s own UI buys no dialog; Enter does; the thresholds are host options', async ({ page }) => {
  await open(page, { hostPolicy: { dialogs: { blockOfferAfter: 1 } } });
  const code = `const { render, group, text, confirm } = suip;
let said = 'none';
const view = () => group(null, [
  ['field', group('text-field', [['label', text('Search', 'text/plain')]], { on: { keydown: { keys: ['Escape', 'Enter'], handler: async () => {
    try { said = 'answer ' + await confirm('Leave the search?'); } catch (e) { said = 'refused ' + e.data.reason; }
    render(view());
  } } } })],
  ['said', text('Said: ' + said, 'text/plain')],
]);
render(view());`;
  expect(await attach(page, 'keys', code)).toMatchObject({ ok: true });
  await page.getByRole('textbox', { name: 'Search', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Said: refused no-user-action')).toBeVisible();
  await expect(hostDialogs(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Leave the search?' })).toBeVisible();
  await page.keyboard.press('Escape');
  // blockOfferAfter: 1 — the first dismissal brings the offer; declining it keeps the dialogs allowed.
  const offer = page.getByRole('dialog', { name: 'Block dialogs from “keys”?' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Keep allowing' }).click();
  await expect(page.getByText('Said: answer false')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Blocked dialogs' })).toBeHidden();
});

test('dismissing a program’s modal (Escape or Close) buys no dialog: the close handler’s confirm is refused', async ({
  page,
}) => {
  await open(page);
  const code = (title: string) => `const { render, group, text, confirm } = suip;
let said = 'none';
let shown = true;
const view = () => group(null, [
  ...(shown ? [['dlg', group('modal', [['title', text('${title}', 'text/plain')], ['body', text('Stay a while.', 'text/plain')]], { on: { click: async () => {
    shown = false;
    try { said = 'answer ' + await confirm('Really leave?'); } catch (e) { said = 'refused ' + e.data.reason; }
    render(view());
  } } })]] : []),
  ['said', text('Said: ' + said, 'text/plain')],
]);
render(view());`;
  expect(await attach(page, 'esc', code('Offer'))).toMatchObject({ ok: true });
  // Focus without a click (a click would be a user action): the keyboard reaches the modal's Close.
  await page.getByRole('dialog', { name: 'Offer' }).getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Said: refused no-user-action')).toBeVisible();
  await expect(hostDialogs(page)).toHaveCount(0);

  expect(await attach(page, 'close', code('Deal'))).toMatchObject({ ok: true });
  await page.getByRole('dialog', { name: 'Deal' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Said: refused no-user-action')).toHaveCount(2);
  await expect(hostDialogs(page)).toHaveCount(0);
});
