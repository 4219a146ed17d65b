import { expect, test } from '@playwright/test';
import { mount, openView } from './vocabulary-helpers.ts';
import { emulateColorScheme } from './helpers/color-scheme.ts';

test.describe('vocabulary links, media and theme tokens', () => {
  test('links pass the policy, carry noopener noreferrer and open on a real click only', async ({ page, context }) => {
    await openView(page);
    await mount(page, {
      type: 'column',
      group: [
        [
          'md',
          {
            text: 'See [the docs](https://example.org/docs) or [this](javascript:alert(1)) or <https://example.org/auto>',
          },
        ],
        [
          'card',
          {
            type: 'link-card',
            group: [
              ['url', { data: 'https://example.org/card', mimeType: 'text/html' }],
              ['title', { text: 'Card link', mimeType: 'text/plain' }],
            ],
          },
        ],
        [
          'bad',
          {
            type: 'link-card',
            group: [
              ['url', { data: 'javascript:alert(1)', mimeType: 'text/html' }],
              ['title', { text: 'Bad link', mimeType: 'text/plain' }],
            ],
          },
        ],
      ],
    });
    const docs = page.getByRole('link', { name: 'the docs' });
    await expect(docs).toHaveAttribute('href', 'https://example.org/docs');
    await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(docs).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'https://example.org/auto' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    // The javascript: links are text, not links.
    await expect(page.getByRole('link', { name: 'this' })).toHaveCount(0);
    await expect(page.getByText('[this](javascript:alert(1))')).toBeVisible();
    await expect(page.getByRole('link', { name: /Bad link/ })).toHaveCount(0);
    await expect(page.getByText('Link not allowed here')).toBeVisible();

    const popups: string[] = [];
    context.on('page', (p) => popups.push(p.url()));
    // A synthetic click (what a script would do) opens nothing.
    await docs.evaluate((a) => (a as HTMLAnchorElement).click());
    await page.getByRole('link', { name: /Card link/ }).evaluate((a) => (a as HTMLAnchorElement).click());
    await page.waitForTimeout(300);
    expect(popups).toEqual([]);
    // A real click opens a new tab without an opener.
    const [popup] = await Promise.all([context.waitForEvent('page'), docs.click()]);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });

  test('media outside the policy shows a visible note, never the URL', async ({ page }) => {
    await openView(page);
    await mount(page, {
      type: 'column',
      group: [
        [
          'png-as-svg',
          {
            type: 'image',
            group: [
              ['src', { data: 'data:image/svg+xml,%3Csvg%3E', mimeType: 'image/png' }],
              ['alt', { text: 'mismatch', mimeType: 'text/plain' }],
            ],
          },
        ],
        [
          'http',
          {
            type: 'image',
            group: [
              ['src', { data: 'http://example.org/a.png', mimeType: 'image/png' }],
              ['alt', { text: 'plain http', mimeType: 'text/plain' }],
            ],
          },
        ],
        [
          'html',
          {
            type: 'video',
            group: [
              ['src', { data: 'data:text/html,<script>alert(1)</script>', mimeType: 'video/mp4' }],
              ['title', { text: 'html video', mimeType: 'text/plain' }],
            ],
          },
        ],
      ],
    });
    await expect(page.getByRole('note')).toHaveCount(3);
    await expect(page.getByRole('img')).toHaveCount(0);
    await expect(page.getByText('Media not shown (PNG image: mismatch)')).toBeVisible();
  });

  test('host tokens override the theme, in light and dark', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, scheme);
      await openView(page);
      await mount(page, { type: 'card', group: [['title', { text: 'Tokens', mimeType: 'text/plain' }]] });
      const article = page.getByRole('article', { name: 'Tokens' });
      const before = await article.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(before).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(22, 26, 33)');
      await page.evaluate(() =>
        document.querySelector('main')!.style.setProperty('--suip-color-surface', 'rgb(1, 2, 3)'),
      );
      await expect.poll(() => article.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(1, 2, 3)');
    }
  });
});
