import { expect as baseExpect, test } from '@playwright/test';

// Interactions cross two sandboxes and a shared, loaded machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 10_000 });

/** The embedding guide's 15-line host works as written: the program renders and reacts, in the host's container. */
test('the docs/embedding.md example renders a program in a host page', async ({ page }) => {
  const statuses: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('suip')) statuses.push(message.text());
  });
  await page.goto('/e2e/fixtures/playground/embed-example.html');
  const ui = page.locator('#assistant-ui');
  await expect(ui.getByText('Clicked 0 times')).toBeVisible();
  await ui.getByRole('button', { name: '+1' }).click();
  await expect(ui.getByText('Clicked 1 times')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { embedded: { handle: { status: string } } }).embedded.handle.status)).toBe('ready');
  // The host page itself is untouched by the program: one heading, one container.
  await expect(page.locator('body > h1')).toHaveText('A host app');
});
