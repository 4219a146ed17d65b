import { expect, test, type Page } from '@playwright/test';

/**
 * A generator that first renders a valid card, then (on click) a card whose title is a group.
 * It shows the error text it receives, so the spec can see what a model would read.
 */
const GENERATOR = `
const { text, group, render, onError } = suip;
let broken = false;
let lastError = '';
onError((e) => { lastError = e.code + ' ' + e.message; broken = false; render(view()); });
const good = () => group('card', [['title', text('Weather', 'text/plain')], ['body', text('Sunny, 21 °C')]]);
const bad = () => group('card', [['title', group('row', [['x', text('not a title')]])], ['body', text('Broken card')]]);
const view = () => group('column', [
  ['weather', broken ? bad() : good()],
  ['break', group('button', [['label', text('Break it', 'text/plain')]], { on: { click: () => { broken = true; render(view()).catch(() => {}); } } })],
  ['error', text(lastError ? 'Renderer said: ' + lastError : 'No error yet', 'text/plain')],
]);
render(view());
`;

async function open(page: Page): Promise<void> {
  await page.goto('/e2e/fixtures/sandbox/host.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
}

test('a misbuilt card is rejected with an actionable message and the previous UI stays on screen', async ({ page }) => {
  await open(page);
  const attached = await page.evaluate((code) => window.sandboxTest.attach('gen', code), GENERATOR);
  expect(attached).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByRole('article', { name: 'Weather' })).toBeVisible();
  const before = await page.evaluate(() => JSON.stringify(window.sandboxTest.snapshot()));

  await page.getByRole('button', { name: 'Break it' }).click();
  // The generator hears the error (code -32004) with a message naming the type, the role and the fix.
  const said = page.getByText(/^Renderer said: /);
  await expect(said).toBeVisible();
  const message = (await said.textContent())!;
  expect(message).toContain('-32004');
  expect(message).toContain('"card"');
  expect(message).toContain('role "title"');
  expect(message).toContain('"weather"]');
  expect(message).toContain('send ["title", "…"]');
  // The host saw the same error, and nothing of the broken card reached the screen.
  const errors = await page.evaluate(() =>
    window.sandboxTest.events.filter((e) => e.type === 'suip-error').map((e) => e.detail),
  );
  expect(errors).toEqual([
    expect.objectContaining({ generatorId: 'gen', error: expect.objectContaining({ code: -32004 }) }),
  ]);
  await expect(page.getByRole('article', { name: 'Weather' })).toBeVisible();
  await expect(page.getByText('Broken card')).toHaveCount(0);
  // The weather card in the snapshot is exactly what it was before the rejected transaction.
  const after = await page.evaluate(() => JSON.stringify(window.sandboxTest.snapshot()));
  const weather = (json: string) =>
    JSON.stringify(
      JSON.parse(json, (_key, value: unknown) => value).group[0][1].group[0][1].group.find(
        ([id]: [string]) => id === 'weather',
      ),
    );
  expect(weather(after)).toBe(weather(before));
  expect(weather(before)).toContain('"Weather"');
});
