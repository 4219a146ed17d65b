import { expect, test, type Page } from '@playwright/test';
import { attach, openHost } from './fixtures/sandbox/host-client.ts';

// Issue 31 item 5: `warmSandbox` keeps one fresh sandbox frame ready, so the next attach skips the
// iframe, its sandbox process and its navigation. A warm frame is one no program ever ran in: a
// program's frame is never handed to another, and each program gets a Worker of its own.

/** Leaves a global in its Worker, as a program might. */
const LEAVER = `self.leftBehind = 'from the first program'; globalThis.sharedCounter = 41;
suip.render(suip.group(null, [['t', suip.text('first program ran')]]));`;

/** Shows what it finds of the first program's globals. */
const LOOKER = `suip.render(suip.group(null, [['t', suip.text('second program sees ' + typeof self.leftBehind + ' and ' + typeof globalThis.sharedCounter)]]));`;

const iframes = (page: Page) => page.locator('iframe');

/** Mark the frame `index` (in page order) so a later step can ask where it went. */
async function mark(page: Page, index: number, name: string): Promise<void> {
  await page.evaluate(
    ([i, n]) => ((document.querySelectorAll('iframe')[i as number] as HTMLIFrameElement).dataset.mark = n as string),
    [index, name] as const,
  );
}

test("the next attach starts in the warm frame, a new warm frame is made, and a program never sees another one's globals", async ({
  page,
}) => {
  await openHost(page, { warmSandbox: true });
  // Made with the renderer, before any attach.
  await expect(iframes(page)).toHaveCount(1);
  await mark(page, 0, 'warm-1');

  expect(await attach(page, 'first', LEAVER)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('first program ran')).toBeVisible();
  // Refilled once the start settled: the first program's frame and a new warm one.
  await expect(iframes(page)).toHaveCount(2);
  await expect(page.locator('iframe[data-mark="warm-1"]')).toHaveCount(1);
  await mark(page, 1, 'warm-2');

  expect(await attach(page, 'second', LOOKER)).toEqual({ ok: true, status: 'ready' });
  // SECURITY: a new Worker in a frame no program ran in: nothing of the first program is there.
  await expect(page.getByText('second program sees undefined and undefined')).toBeVisible();
  await expect(iframes(page)).toHaveCount(3);

  // Each program ran in the warm frame it was given: detaching it removes exactly that frame, and
  // its frame is never kept as a warm one.
  await page.evaluate(() => window.sandboxTest.detach('first'));
  await expect(page.locator('iframe[data-mark="warm-1"]')).toHaveCount(0);
  await expect(page.locator('iframe[data-mark="warm-2"]')).toHaveCount(1);
  await page.evaluate(() => window.sandboxTest.detach('second'));
  await expect(page.locator('iframe[data-mark="warm-2"]')).toHaveCount(0);
  // Every program is gone: the warm frame (which shared their sandbox process) is remade after a
  // pause, so the process that held the ended programs can exit; one fresh frame is left.
  await expect(iframes(page)).toHaveCount(1);
  await expect(page.locator('iframe[data-mark]')).toHaveCount(0);
});

test('a warm frame is a fresh relay: a program that ends is reported and the next attach still starts', async ({
  page,
}) => {
  await openHost(page, { warmSandbox: true });
  await expect(iframes(page)).toHaveCount(1);
  const broken = await attach(page, 'broken', 'this is not javascript (');
  expect(broken).toMatchObject({ ok: false, code: 'start-failed', reason: 'startup-failed' });
  expect(await attach(page, 'fine', LOOKER)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('second program sees undefined and undefined')).toBeVisible();
});

test('under a strict host CSP the warm frame is the static suip-sandbox.html, and attaches use it', async ({
  page,
}) => {
  await page.goto('/e2e/fixtures/sandbox/strict-csp.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate(() =>
    window.sandboxTest.mount({ sandboxUrl: '/suip-sandbox.html', warmSandbox: true, initializeTimeoutMs: 10_000 }),
  );
  await expect(iframes(page)).toHaveCount(1);
  await mark(page, 0, 'warm');
  expect(await page.evaluate((code) => window.sandboxTest.attach('g', code), LOOKER)).toEqual({
    ok: true,
    status: 'ready',
  });
  await expect(page.getByText('second program sees undefined and undefined')).toBeVisible();
  await expect(iframes(page)).toHaveCount(2);
  for (const frame of await iframes(page).all()) await expect(frame).toHaveAttribute('src', '/suip-sandbox.html');
  await page.evaluate(() => window.sandboxTest.detach('g'));
  await expect(page.locator('iframe[data-mark="warm"]')).toHaveCount(0);
});

// The default, warmSandbox 'auto': nothing until a program started, then one warm frame while
// programs run, none once they all ended.
test('by default a page that never attaches makes no sandbox frame at all', async ({ page }) => {
  await openHost(page);
  // Longer than the refill's pause and idle wait and the recycle delay together.
  await page.waitForTimeout(2500);
  await expect(iframes(page)).toHaveCount(0);
});

test('by default the first attach is followed by a warm frame, the next attach runs in it, and none is left once every program ended', async ({
  page,
}) => {
  await openHost(page);
  expect(await attach(page, 'first', LEAVER)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('first program ran')).toBeVisible();
  // The first program's frame, then the warm one made after its start.
  await expect(iframes(page)).toHaveCount(2);
  await mark(page, 1, 'warm');
  expect(await attach(page, 'second', LOOKER)).toEqual({ ok: true, status: 'ready' });
  // SECURITY: the warm frame is fresh: the second program sees nothing of the first.
  await expect(page.getByText('second program sees undefined and undefined')).toBeVisible();
  // It ran in the warm frame (the one marked), and a new warm frame followed.
  await expect(iframes(page)).toHaveCount(3);
  await page.evaluate(() => window.sandboxTest.detach('second'));
  await expect(page.locator('iframe[data-mark="warm"]')).toHaveCount(0);
  await expect(iframes(page)).toHaveCount(2);
  await page.evaluate(() => window.sandboxTest.detach('first'));
  // No program runs: the warm frame goes with the last program's, and is not remade.
  await expect(iframes(page)).toHaveCount(0);
  await page.waitForTimeout(2500);
  await expect(iframes(page)).toHaveCount(0);
  // The next start is cold and brings the warm frame back.
  expect(await attach(page, 'third', LOOKER)).toEqual({ ok: true, status: 'ready' });
  await expect(iframes(page)).toHaveCount(2);
});

test('warmSandbox: false makes every start its own frame and keeps none ready', async ({ page }) => {
  await openHost(page, { warmSandbox: false });
  expect(await attach(page, 'first', LEAVER)).toEqual({ ok: true, status: 'ready' });
  await page.waitForTimeout(1500);
  await expect(iframes(page)).toHaveCount(1);
});
