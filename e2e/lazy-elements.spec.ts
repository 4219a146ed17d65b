import { expect, test, type Page } from '@playwright/test';
import { attach, openHost } from './fixtures/sandbox/host-client.ts';

// Issue 31 item 3: the chart, code and media elements are a module chunk loaded the first time
// one of them renders (renderer/view/lazy-element.ts); a UI without them never requests it.
const CHUNK = /deferred-elements/;

const IMAGE =
  "data:image/svg+xml,%3Csvg%20xmlns%3D'http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg'%20width%3D'160'%20height%3D'80'%3E%3Crect%20width%3D'160'%20height%3D'80'%20fill%3D'%230b5cd5'%2F%3E%3C%2Fsvg%3E";
const RICH_UI = `suip.render(suip.group(null, [
  ['bars', suip.group('chart-bar', [['title', suip.text('Visits per day')], ['data', suip.text(JSON.stringify({ labels: ['Mon', 'Tue'], datasets: [{ label: 'Visits', data: [12, 19] }] }), 'application/json')]])],
  ['pie', suip.group('chart-pie', [['title', suip.text('Share')], ['data', suip.text(JSON.stringify({ slices: [{ label: 'A', value: 3 }, { label: 'B', value: 5 }] }), 'application/json')]])],
  ['src', suip.group('code', [['language', suip.text('python')], ['code', suip.text('def add(a, b):\\n    return a + b')]])],
  ['img', suip.group('image', [['src', suip.data(${JSON.stringify(IMAGE)}, 'image/svg+xml')], ['alt', suip.text('A blue rectangle')]])],
]));`;

function chunkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (CHUNK.test(request.url())) urls.push(request.url());
  });
  return urls;
}

async function expectRichUi(page: Page): Promise<void> {
  await expect(page.getByRole('img', { name: /Bar chart.*Visits per day/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Share/ })).toBeVisible();
  await expect(page.locator('pre code')).toHaveText('def add(a, b):\n    return a + b');
  await expect(page.getByRole('img', { name: 'A blue rectangle' })).toBeVisible();
  // Every placeholder has given way to its element.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a UI without charts, code or media never requests their chunk; one with them renders them', async ({ page }) => {
  const requests = chunkRequests(page);
  await openHost(page);
  expect(
    await attach(
      page,
      'plain',
      `suip.render(suip.group('card', [['t', suip.text('Plain card')], ['b', suip.group('button', [['label', suip.text('Go')]])]]));`,
    ),
  ).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('Plain card')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go' })).toBeVisible();
  expect(requests).toEqual([]);

  expect(await attach(page, 'rich', RICH_UI)).toEqual({ ok: true, status: 'ready' });
  await expectRichUi(page);
  expect(requests.length).toBe(1);
});

test('until the chunk arrives a deferred element holds its place, then renders in that place', async ({ page }) => {
  // Hold the chunk back: the placeholder must show, sized like a chart, with no wrong rendering.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await openHost(page);
  expect(await attach(page, 'rich', RICH_UI)).toEqual({ ok: true, status: 'ready' });
  const pending = page.locator('suip-chart-bar [aria-busy="true"]');
  await expect(pending).toBeVisible();
  const box = (await pending.boundingBox())!;
  expect(box.height).toBeGreaterThan(box.width / 3);
  await expect(page.getByRole('img', { name: /Bar chart/ })).toHaveCount(0);
  release();
  await expectRichUi(page);
});

test('under a strict host CSP (script-src self, sandboxUrl) the chunk loads and renders', async ({ page }) => {
  const requests = chunkRequests(page);
  await page.goto('/e2e/fixtures/sandbox/strict-csp.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
  await page.evaluate(() =>
    window.sandboxTest.mount({ sandboxUrl: '/suip-sandbox.html', initializeTimeoutMs: 10_000 }),
  );
  const violations: string[] = [];
  page.on('console', (message) => {
    // Script violations only: this page's CSP also blocks data: images, which is its own business.
    if (/Content Security Policy/i.test(message.text()) && /script/i.test(message.text()))
      violations.push(message.text());
  });
  expect(await page.evaluate((code) => window.sandboxTest.attach('g', code), RICH_UI)).toEqual({
    ok: true,
    status: 'ready',
  });
  await expect(page.getByRole('img', { name: /Bar chart.*Visits per day/ })).toBeVisible();
  await expect(page.locator('pre code')).toHaveText('def add(a, b):\n    return a + b');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(requests.length).toBe(1);
  expect(violations).toEqual([]);
});
