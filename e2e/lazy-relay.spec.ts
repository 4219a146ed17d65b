import { expect, test } from '@playwright/test';
import { attach, openHost } from './fixtures/sandbox/host-client.ts';

// Issue 31 item 3: the relay script (the sandbox's own code, ~15 KB gzip) is a chunk of its own,
// requested when a srcdoc renderer is created; in strict-CSP mode (sandboxUrl) the relay is inside
// the static sandbox document and the host never loads it.
const relayRequests = (page: import('@playwright/test').Page): string[] => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/relay-source-text/.test(request.url())) seen.push(request.url());
  });
  return seen;
};

test('a srcdoc renderer loads the relay chunk and runs programs with it', async ({ page }) => {
  const requests = relayRequests(page);
  await openHost(page);
  expect(await attach(page, 'g', `suip.render(suip.group(null, [['p', suip.text('from the lazy relay')]]));`)).toEqual({
    ok: true,
    status: 'ready',
  });
  await expect(page.getByText('from the lazy relay')).toBeVisible();
  expect(requests.length).toBeGreaterThan(0);
});

test('in strict-CSP mode (sandboxUrl) the host never requests the relay chunk', async ({ page }) => {
  const requests = relayRequests(page);
  await page.goto('/e2e/fixtures/sandbox/strict-csp.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate(() =>
    window.sandboxTest.mount({ sandboxUrl: '/suip-sandbox.html', initializeTimeoutMs: 10_000 }),
  );
  expect(
    await page.evaluate(
      (code) => window.sandboxTest.attach('g', code),
      `suip.render(suip.group(null, [['p', suip.text('from the static sandbox')]]));`,
    ),
  ).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('from the static sandbox')).toBeVisible();
  expect(requests).toEqual([]);
});
