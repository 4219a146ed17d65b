import { expect, test, type Page } from '@playwright/test';
import type { RendererOptions } from '../renderer/index.ts';
import { attach, events } from './fixtures/sandbox/host-client.ts';

/**
 * Issue 21, each as an attack by a program: generated UI stays in its box. No page-wide modal, no
 * host lockout, no credential phishing, no focus stealing, nothing drawn over the host's
 * provenance label; page-level modals only when the host grants them, after a user action.
 */

async function open(page: Page, options: RendererOptions = {}): Promise<void> {
  await page.goto('/e2e/fixtures/confinement/host.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate((o) => window.sandboxTest.mount(o), options);
}

/** Elements matching `:modal` anywhere, shadow roots included. */
const modalCount = (page: Page) =>
  page.evaluate(() => {
    let count = 0;
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.matches(':modal')) count += 1;
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return count;
  });

/** Points of the viewport outside the renderer's box that hit a generated element (suip-tree or below it). */
const escapedPoints = (page: Page) =>
  page.evaluate(() => {
    const box = document.getElementById('renderer')!.getBoundingClientRect();
    const hits: string[] = [];
    for (let x = 5; x < innerWidth; x += 25) {
      for (let y = 5; y < innerHeight; y += 25) {
        if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) continue;
        const element = document.elementFromPoint(x, y);
        if (element?.closest('suip-tree')) hits.push(`${x},${y}`);
      }
    }
    return hits;
  });

const errorsOf = async (page: Page) =>
  (await events(page))
    .filter((e) => e.type === 'suip-error')
    .map((e) => (e.detail as { error: { code: number; message: string } }).error);

const PHISH = `const { render, group, text } = suip;
let round = 0;
const view = () => group(null, [['m' + round, group('modal', [['title', text('Session expired', 'text/plain')], ['body', text('Sign in again to continue.', 'text/plain')],
  ['signin', group('button', [['label', text('Sign in', 'text/plain')]], { on: { click: () => {} } })]], { on: { click: async () => { round += 1; try { await render(view()); } catch (e) { await render(group(null, [['refused', text('Refused: ' + e.message, 'text/plain')]])); } } } })]]);
render(view());`;

test('a modal from a program stays in its box: no :modal, nothing outside the box, the host input keeps focus and works; a re-open after dismissal is refused', async ({
  page,
}) => {
  await open(page);
  const input = page.locator('#host-input');
  await input.click();
  await input.pressSequentially('abc');
  expect(await attach(page, 'a', PHISH)).toMatchObject({ ok: true });
  await expect(page.getByRole('dialog', { name: 'Session expired' })).toBeVisible();
  expect(await modalCount(page)).toBe(0);
  expect(await escapedPoints(page)).toEqual([]);
  // The host page stays usable: the input kept focus and takes more typing, its button clicks.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('host-input');
  await input.pressSequentially('def');
  await expect(input).toHaveValue('abcdef');
  await page.locator('#host-button').click();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('host-button');
  // The user dismisses it: the program's immediate re-open is refused with a clear error.
  await page.getByRole('dialog', { name: 'Session expired' }).getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByText(/^Refused: .*the user dismissed this program's modal, so it may not open another/),
  ).toBeVisible();
  expect(await modalCount(page)).toBe(0);
});

test('a password field is refused by default, with an error naming the host policy; the host may allow it', async ({
  page,
}) => {
  const code = `const { render, group, text } = suip;
render(group(null, [['pw', group('text-field', [['label', text('Password', 'text/plain')], ['kind', text('password', 'text/plain')]])]]))
  .catch((e) => render(group(null, [['refused', text('Refused: ' + e.message, 'text/plain')]])));`;
  await open(page);
  await attach(page, 'a', code);
  await expect(page.getByText(/^Refused: .*hostPolicy\.credentialInputs is off/)).toBeVisible();
  expect(await page.locator('suip-tree').locator('input[type=password]').count()).toBe(0);
  expect(
    (await errorsOf(page)).some((e) => e.code === -32006 && e.message.includes('hostPolicy.credentialInputs')),
  ).toBe(true);

  await open(page, { hostPolicy: { credentialInputs: true } });
  await attach(page, 'a', code);
  await expect(page.locator('suip-tree').locator('input[type=password]')).toHaveCount(1);
  await expect(page.locator('suip-tree').locator('input[type=password]')).toHaveAttribute('autocomplete', 'off');
});

test('a 10,000-pixel-tall layout stays clipped to the container', async ({ page }) => {
  await open(page);
  const code = `const { render, group, text } = suip;
render(group('column', Array.from({ length: 400 }, (_, i) => ['r' + i, group('card', [['title', text('Row ' + i, 'text/plain')], ['body', text('x'.repeat(80), 'text/plain')]])])));`;
  await attach(page, 'a', code);
  await expect(page.getByText('Row 0', { exact: true })).toBeVisible();
  const sizes = await page.evaluate(() => {
    const tree = document.querySelector('suip-tree')!;
    return {
      tree: tree.getBoundingClientRect().height,
      content: tree.scrollHeight,
      box: document.getElementById('renderer')!.getBoundingClientRect().height,
    };
  });
  expect(sizes.content).toBeGreaterThan(5000);
  expect(sizes.tree).toBeLessThanOrEqual(sizes.box);
  expect(await escapedPoints(page)).toEqual([]);
  await expect(page.getByText('Host content below the box')).toBeVisible();
});

test('an autofocus and re-render loop never takes focus from a host input', async ({ page }) => {
  await open(page);
  const code = `const { render, group, text } = suip;
let n = 0;
setInterval(() => { n += 1; render(group(null, [
  ['m' + (n % 3), group('modal', [['title', text('Look here ' + n, 'text/plain')]], { on: { click: () => {} } })],
  ['t', group('tabs', [['a', group('section', [['title', text('A', 'text/plain')]])], ['b', group('section', [['title', text('B', 'text/plain')]])]])],
  ['f' + n, group('text-field', [['label', text('Field ' + n, 'text/plain')]])],
])); }, 30);`;
  const input = page.locator('#host-input');
  await input.click();
  await attach(page, 'a', code);
  for (const chunk of ['typing ', 'while ', 'it ', 'loops']) {
    await input.pressSequentially(chunk, { delay: 20 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('host-input');
  }
  await expect(input).toHaveValue('typing while it loops');
  await expect(page.getByText(/^Look here \d+$/)).toBeVisible();
});

test('a program cannot render above the provenance label', async ({ page }) => {
  await open(page, { provenance: 'Generated by AI' });
  const code = `const { render, group, text } = suip;
render(group(null, [['m', group('modal', [['title', text('Official notice from your bank', 'text/plain')], ['body', text('x\\n'.repeat(200), 'text/plain')]], { on: { click: () => {} } })], ...Array.from({ length: 50 }, (_, i) => ['p' + i, text('Cover ' + i, 'text/plain')])]));`;
  await attach(page, 'a', code);
  await expect(page.getByRole('dialog', { name: 'Official notice from your bank' })).toBeVisible();
  const hit = await page.evaluate(() => {
    const tree = document.querySelector('suip-tree')!;
    const label = tree.shadowRoot!.querySelector('[data-suip-provenance]')!;
    const rect = label.getBoundingClientRect();
    const points = [
      [rect.left + 4, rect.top + rect.height / 2],
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.right - 4, rect.top + rect.height / 2],
    ];
    return {
      text: label.textContent,
      hits: points.map(([x, y]) => tree.shadowRoot!.elementFromPoint(x!, y!) === label),
    };
  });
  expect(hit).toEqual({ text: 'Generated by AI', hits: [true, true, true] });
});

test('with hostPolicy.pageModals, a modal opens page-level only after a click in the program, and Escape dismisses it for good', async ({
  page,
}) => {
  await open(page, { hostPolicy: { pageModals: true } });
  const code = `const { render, group, text } = suip;
let shown = 'early';
const view = () => group(null, [
  ['open', group('button', [['label', text('Open details', 'text/plain')]], { on: { click: () => { shown = 'after-click'; render(view()).catch((e) => render(group(null, [['refused', text('Refused: ' + e.message, 'text/plain')]]))); } } })],
  ['m-' + shown, group('modal', [['title', text('Modal ' + shown, 'text/plain')]], { on: { click: () => { shown = 'again'; render(view()).catch((e) => render(group(null, [['refused', text('Refused: ' + e.message, 'text/plain')]]))); } } })],
]);
render(view());`;
  await attach(page, 'a', code);
  // Without a user action, even with the policy on, the modal stays in the box.
  await expect(page.getByRole('dialog', { name: 'Modal early' })).toBeVisible();
  expect(await modalCount(page)).toBe(0);
  await page.getByRole('button', { name: 'Open details' }).click();
  await expect(page.getByRole('dialog', { name: 'Modal after-click' })).toBeVisible();
  expect(await modalCount(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByText(/^Refused: .*the user dismissed this program's modal/)).toBeVisible();
  expect(await modalCount(page)).toBe(0);
});
