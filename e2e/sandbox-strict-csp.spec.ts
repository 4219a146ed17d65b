import { expect, test } from '@playwright/test';

const CODE = `suip.render(suip.group(null, [['t', suip.text('rendered under a strict host CSP')]]));`;

async function openStrict(page: import('@playwright/test').Page, options: Record<string, unknown>): Promise<void> {
  await page.goto('/e2e/fixtures/sandbox/strict-csp.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate((o) => window.sandboxTest.mount(o), options);
}

const attach = (page: import('@playwright/test').Page) =>
  page.evaluate((code) => window.sandboxTest.attach('g', code), CODE);

test('a srcdoc sandbox inherits a strict host CSP and cannot start (why the second mode exists)', async ({ page }) => {
  await openStrict(page, { initializeTimeoutMs: 3000 });
  const result = await attach(page);
  // A typed host error: the code and reason say why, the message says it for people.
  expect(result).toEqual({
    ok: false,
    code: 'start-failed',
    reason: 'initialize-timeout',
    error: expect.stringContaining('no suip/initialized within 3000 ms'),
  });
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('with sandboxUrl the static suip-sandbox.html works under the same strict host CSP', async ({ page }) => {
  await openStrict(page, { sandboxUrl: '/suip-sandbox.html', initializeTimeoutMs: 10_000 });
  expect(await attach(page)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('rendered under a strict host CSP')).toBeVisible();
  // The program's frame is the first; a warm spare the renderer makes about 200 ms after a start
  // may follow it (warmSandbox 'auto'), which made a bare locator('iframe') fail now and then.
  const frame = page.locator('iframe').first();
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(frame).toHaveAttribute('src', '/suip-sandbox.html');
  expect(await frame.getAttribute('srcdoc')).toBeNull();
});

test('the static document is the srcdoc document: CSP meta first, the relay inline', async ({ request }) => {
  const response = await request.get('/suip-sandbox.html');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(
    /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; worker-src blob:">/,
  );
  expect(html.length).toBeGreaterThan(10_000);
});
