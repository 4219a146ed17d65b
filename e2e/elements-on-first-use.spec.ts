import { expect, test, type Page } from '@playwright/test';
import { attach, openHost } from './fixtures/sandbox/host-client.ts';

// Issue 43 item 4: the vocabulary elements beyond text, plain groups and the layout containers are
// a module chunk requested the first time one of them renders (renderer/view/elements-on-first-use.ts).
const CHUNK = /first-use-elements/;

const FORM_UI = `suip.render(suip.group('form', [
  ['name', suip.group('text-field', [['label', suip.text('Your name')]])],
  ['ok', suip.group('button', [['label', suip.text('Send')]])],
]));`;

function chunkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (CHUNK.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test('a program of text and layout never requests the chunk; a form requests it once and renders', async ({ page }) => {
  const requests = chunkRequests(page);
  await openHost(page);
  const plain = `suip.render(suip.group('card', [['title', suip.text('Plain card')], ['t', suip.text('Body')]]));`;
  expect(await attach(page, 'plain', plain)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('Plain card')).toBeVisible();
  expect(requests).toEqual([]);

  expect(await attach(page, 'form', FORM_UI)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  expect(requests.length).toBe(1);
});

test('until the chunk arrives the elements hold their place, then render there and take input', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await openHost(page);
  expect(await attach(page, 'form', FORM_UI)).toEqual({ ok: true, status: 'ready' });
  // Not defined yet: a box of its own (base-styles.ts), no wrong rendering.
  const form = page.locator('suip-form');
  await expect(form).toHaveCount(1);
  expect(await form.evaluate((element) => element.matches(':not(:defined)'))).toBe(true);
  expect((await form.boundingBox())!.height).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(0);
  // Nothing of its particle is on the page meanwhile: Lit set it as a property, never as light-DOM children.
  expect(await form.evaluate((element) => element.childNodes.length + (element.shadowRoot === null ? 0 : 1))).toBe(0);
  await expect(page.getByText('Your name')).toHaveCount(0);
  release();
  // Upgraded where it stands, with the particle Lit set on it before.
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  expect(await form.evaluate((element) => element.matches(':defined'))).toBe(true);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Ada');
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Ada');
});
