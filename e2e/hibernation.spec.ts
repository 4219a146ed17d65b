import { expect, test, type Page } from '@playwright/test';
import type { HibernationTestHost } from './fixtures/hibernation/host.ts';

declare global {
  interface Window {
    hibernationTest: HibernationTestHost;
  }
}

// Issue 31 item 5: a hibernated program's Worker and frame end, its subtree stays on screen, and
// the next interaction wakes it with its state (its last inputs and its saved `suip:state`) and is
// handed to it.

/** A counter that saves its state on the `suip:state` channel and takes it back on wake. */
const COUNTER = `
const { group, text, render } = suip;
let count = 0;
const view = () => group('card', [['count', group('button', [['label', text('count ' + count)]], { on: { click: { handler: () => { count += 1; suip.output('suip:state', { count }); render(view()); } } } })]]);
suip.onInput('suip:state', (state) => { count = state.count; render(view()); });
render(view());
`;

/** A greeting whose state is its last input. */
const GREETING = `
const { group, text, render } = suip;
let name = 'nobody';
const view = () => group('card', [['hello', text('Hello ' + name)]]);
suip.onInput('name', (value) => { name = String(value); render(view()); });
render(view());
`;

/** The host page with a renderer; no warm sandbox unless asked (these specs count program frames). */
async function open(
  page: Page,
  hibernation?: { idleMs?: number; offscreenMs?: number; spareFrame?: boolean },
  warmSandbox = false,
): Promise<void> {
  await page.goto('/e2e/fixtures/hibernation/host.html');
  await page.waitForFunction(() => 'hibernationTest' in window);
  await page.evaluate(
    ([options, warm]) =>
      window.hibernationTest.mount({ ...(options === undefined ? {} : { hibernation: options }), warmSandbox: warm }),
    [hibernation, warmSandbox] as const,
  );
}

const status = (page: Page, id: string) => page.evaluate((i) => window.hibernationTest.status(i), id);
const frames = (page: Page) => page.evaluate(() => window.hibernationTest.frames());
const button = (page: Page) => page.locator('suip-tree').getByRole('button', { name: /^count/ });

test('a hibernated program stays on screen without its frame, and a click wakes it with its state and is handed to it', async ({
  page,
}) => {
  await open(page);
  await page.evaluate((code) => window.hibernationTest.attach('counter', code), COUNTER);
  for (let i = 0; i < 3; i += 1) await button(page).click();
  await expect(button(page)).toHaveText('count 3');
  expect(await frames(page)).toBe(1);

  expect(await page.evaluate(() => window.hibernationTest.hibernate('counter'))).toBe(true);
  expect(await status(page, 'counter')).toBe('hibernated');
  expect(await frames(page)).toBe(0);
  await expect(button(page)).toHaveText('count 3');
  const events = await page.evaluate(() => window.hibernationTest.events);
  expect(
    events.filter((event) => event.generatorId === 'counter' && event.type === 'status').map((event) => event.status),
  ).toEqual(['starting', 'ready', 'hibernated']);

  // The click wakes it: re-run, saved state handed back, then the click itself (3 + 1).
  await button(page).click();
  await expect(button(page)).toHaveText('count 4');
  expect(await status(page, 'counter')).toBe('ready');
  expect(await frames(page)).toBe(1);
  // It hibernates and wakes again, as often as needed.
  expect(await page.evaluate(() => window.hibernationTest.hibernate('counter'))).toBe(true);
  await button(page).click();
  await expect(button(page)).toHaveText('count 5');
  expect((await page.evaluate(() => window.hibernationTest.events)).filter((event) => event.type === 'error')).toEqual(
    [],
  );
});

test('a detach while hibernate() waits on the shutdown is not lost: the program ends instead of sleeping on', async ({
  page,
}) => {
  await open(page);
  await page.evaluate((code) => window.hibernationTest.attach('counter', code), COUNTER);
  await expect(button(page)).toHaveText('count 0');
  // Both in one task: the detach (keeping the subtree, as a host does before an adopt) arrives while
  // the hibernation is still ending the Worker; it must win, not be turned into a hibernation.
  await page.evaluate(() =>
    Promise.all([window.hibernationTest.hibernate('counter'), window.hibernationTest.detach('counter', true)]),
  );
  expect(await frames(page)).toBe(0);
  await expect(button(page)).toHaveText('count 0');
  // A detached program is never woken again: not by the host, not by a click on what it left.
  await page.evaluate(() => window.hibernationTest.wake('counter'));
  expect(await frames(page)).toBe(0);
  await button(page).click();
  await page.evaluate(() => window.hibernationTest.wake('counter'));
  expect(await frames(page)).toBe(0);
  await expect(button(page)).toHaveText('count 0');

  // A plain detach in the same race removes the subtree, and the id is free for a fresh attach.
  await page.evaluate((code) => window.hibernationTest.attach('other', code), COUNTER.replace("'count '", "'other '"));
  await page.evaluate(() =>
    Promise.all([window.hibernationTest.hibernate('other'), window.hibernationTest.detach('other')]),
  );
  await expect(page.locator('suip-tree').getByRole('button', { name: /^other/ })).toHaveCount(0);
  await page.evaluate((code) => window.hibernationTest.attach('other', code), COUNTER.replace("'count '", "'other '"));
  await expect(page.locator('suip-tree').getByRole('button', { name: /^other/ })).toHaveText('other 0');
});

test('Escape on a hibernated program’s modal wakes it and is handed over, but buys no dialog', async ({ page }) => {
  await open(page);
  const code = `const { render, group, text, confirm } = suip;
let said = 'none';
let shown = true;
const view = () => group(null, [
  ...(shown ? [['dlg', group('modal', [['title', text('Offer', 'text/plain')]], { on: { click: async () => {
    shown = false;
    try { said = 'answer ' + await confirm('Really leave?'); } catch (e) { said = 'refused ' + e.data.reason; }
    render(view());
  } } })]] : []),
  ['said', text('Said: ' + said, 'text/plain')],
]);
render(view());`;
  await page.evaluate((c) => window.hibernationTest.attach('offer', c), code);
  await expect(page.getByRole('dialog', { name: 'Offer' })).toBeVisible();
  expect(await page.evaluate(() => window.hibernationTest.hibernate('offer'))).toBe(true);
  await page.getByRole('dialog', { name: 'Offer' }).getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Said: refused no-user-action')).toBeVisible();
  expect(await status(page, 'offer')).toBe('ready');
  await expect(page.locator('[data-suip-host-dialog]')).toHaveCount(0);
});

test('a woken program gets its last input per channel again, and an input while asleep wakes it', async ({ page }) => {
  await open(page);
  const hello = page.locator('suip-tree').getByText(/^Hello/);
  await page.evaluate((code) => window.hibernationTest.attach('greeting', code), GREETING);
  await page.evaluate(() => window.hibernationTest.input('greeting', 'name', 'Ada'));
  await expect(hello).toHaveText('Hello Ada');
  await page.evaluate(() => window.hibernationTest.hibernate('greeting'));
  await page.evaluate(() => window.hibernationTest.wake('greeting'));
  expect(await status(page, 'greeting')).toBe('ready');
  await expect(hello).toHaveText('Hello Ada');

  await page.evaluate(() => window.hibernationTest.hibernate('greeting'));
  await page.evaluate(() => window.hibernationTest.input('greeting', 'name', 'Bob'));
  await expect(hello).toHaveText('Hello Bob');
  await expect.poll(() => status(page, 'greeting')).toBe('ready');
  // A bad input is refused while asleep as it is while awake.
  await page.evaluate(() => window.hibernationTest.hibernate('greeting'));
  const refused = await page.evaluate(() => {
    try {
      window.hibernationTest.input('greeting', 'Not A Channel', 1);
      return 'accepted';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  });
  expect(refused).toBe('invalid-option');
  expect(await status(page, 'greeting')).toBe('hibernated');
  // Detaching a sleeping program removes its subtree and frees its id.
  await page.evaluate(() => window.hibernationTest.detach('greeting'));
  await expect(hello).toHaveCount(0);
  await page.evaluate((code) => window.hibernationTest.attach('greeting', code), GREETING);
  await expect(hello).toHaveText('Hello nobody');
});

test('an idle program hibernates by itself (hibernation.idleMs) and keeps its subtree on screen', async ({ page }) => {
  await open(page, { idleMs: 300 });
  await page.evaluate((code) => window.hibernationTest.attach('counter', code), COUNTER);
  await button(page).click();
  await expect.poll(() => status(page, 'counter'), { timeout: 10_000 }).toBe('hibernated');
  expect(await frames(page)).toBe(0);
  await expect(button(page)).toHaveText('count 1');
  await button(page).click();
  await expect(button(page)).toHaveText('count 2');
});

test('a program scrolled out of view hibernates (hibernation.offscreenMs) and wakes on a click once back', async ({
  page,
}) => {
  await open(page, { offscreenMs: 200 });
  await page.evaluate((code) => window.hibernationTest.attach('counter', code), COUNTER);
  await button(page).click();
  await expect(button(page)).toHaveText('count 1');
  // In view it stays awake through several sweeps.
  await page.waitForTimeout(600);
  expect(await status(page, 'counter')).toBe('ready');
  await page.evaluate(() => document.getElementById('below')!.scrollIntoView({ block: 'end' }));
  await expect.poll(() => status(page, 'counter'), { timeout: 10_000 }).toBe('hibernated');
  await page.evaluate(() => window.scrollTo(0, 0));
  await button(page).click();
  await expect(button(page)).toHaveText('count 2');
});

test('an interaction the woken program cannot take is reported, not lost silently', async ({ page }) => {
  await open(page);
  // Its button's id changes on every run: after the re-run the clicked control is not there.
  const code = `
const { group, text, render } = suip;
render(group('card', [['b' + Math.random().toString(36).slice(2), group('button', [['label', text('count 0')]], { on: { click: { handler: () => undefined } } })]]));
`;
  await page.evaluate((c) => window.hibernationTest.attach('fickle', c), code);
  // On screen first (attach resolves at the handshake, before the first render is shown).
  await expect(button(page)).toHaveText('count 0');
  await page.evaluate(() => window.hibernationTest.hibernate('fickle'));
  await button(page).click();
  await expect
    .poll(() => page.evaluate(() => window.hibernationTest.events.find((event) => event.type === 'error')?.message))
    .toMatch(/woke from hibernation but 1 interaction\(s\) could not be handed to it .*ask the user to do it again/);
  expect(await status(page, 'fickle')).toBe('ready');
});

test('with warmSandbox, a wake starts its program in the warm frame, remade fresh once every program slept', async ({
  page,
}) => {
  await open(page, undefined, true);
  await page.evaluate((code) => window.hibernationTest.attach('counter', code), COUNTER);
  await button(page).click();
  await expect(button(page)).toHaveText('count 1');
  // The running program's frame and the warm one made after its start.
  await expect.poll(() => frames(page)).toBe(2);
  await page.evaluate(() => ((document.querySelectorAll('iframe')[1] as HTMLIFrameElement).dataset.warm = 'shared'));
  await page.evaluate(() => window.hibernationTest.hibernate('counter'));
  // No program runs: the warm frame that shared their process is removed, and a fresh one made.
  await expect(page.locator('iframe[data-warm="shared"]')).toHaveCount(0);
  await expect.poll(() => frames(page)).toBe(1);
  await page.evaluate(() => ((document.querySelector('iframe') as HTMLIFrameElement).dataset.warm = 'fresh'));
  await button(page).click();
  await expect(button(page)).toHaveText('count 2');
  // The woken program runs in the fresh warm frame (still in the page), and a new one was made.
  await expect.poll(() => frames(page)).toBe(2);
  expect(await page.locator('iframe[data-warm="fresh"]').count()).toBe(1);
  // The earlier name, hibernation.spareFrame, turns on the same warm sandbox.
  await open(page, { spareFrame: true });
  await expect.poll(() => frames(page)).toBe(1);
  // Without it (the default) no idle frame is kept.
  await open(page, {});
  await page.evaluate((code) => window.hibernationTest.attach('counter', code), COUNTER);
  await expect(button(page)).toHaveText('count 0');
  await page.evaluate(() => window.hibernationTest.hibernate('counter'));
  expect(await frames(page)).toBe(0);
});
