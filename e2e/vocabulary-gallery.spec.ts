import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { deepTags, mount, openView } from './vocabulary-helpers.ts';
import { emulateColorScheme } from './helpers/color-scheme.ts';

/** axe violations as short strings, so a failure says what and where. */
async function axe(page: import('@playwright/test').Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(' ')}`,
  );
}

test.describe('vocabulary gallery', () => {
  test('renders an element for every type, no fallback, with visible content', async ({ page }) => {
    await openView(page);
    const types = await page.evaluate(() => (window as unknown as { fixture: { types(): string[] } }).fixture.types());
    expect(types.length).toBeGreaterThanOrEqual(30);
    await page.evaluate(() => {
      const f = (window as unknown as { fixture: { mount(p: unknown): Promise<void>; gallery(m: boolean): unknown } })
        .fixture;
      return f.mount(f.gallery(true));
    });
    const tags = new Set(await deepTags(page));
    for (const type of types) expect(tags, type).toContain(`suip-${type}`);
    expect(tags).not.toContain('suip-unknown');
    const empty = await page.evaluate(
      (names) => {
        const found: string[] = [];
        const walk = (root: Document | ShadowRoot) => {
          for (const el of root.querySelectorAll('*')) {
            if (names.includes(el.localName) && (el.shadowRoot?.childElementCount ?? 0) === 0) found.push(el.localName);
            if (el.shadowRoot) walk(el.shadowRoot);
          }
        };
        walk(document);
        return found;
      },
      types.map((t) => `suip-${t}`),
    );
    expect(empty).toEqual([]);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe-core reports no violations in the ${scheme} theme`, async ({ page }) => {
      await emulateColorScheme(page, scheme);
      await openView(page);
      await page.evaluate(() => {
        const f = (window as unknown as { fixture: { mount(p: unknown): Promise<void>; gallery(m: boolean): unknown } })
          .fixture;
        return f.mount(f.gallery(false));
      });
      expect(await axe(page)).toEqual([]);
      // The modal on its own: while it is open, everything else is inert.
      await mount(
        page,
        await page.evaluate(
          () =>
            (window as unknown as { fixture: { gallery(m: boolean): { group: [string, unknown][] } } }).fixture
              .gallery(true)
              .group.find(([id]) => id === 'modal')![1] as never,
        ),
      );
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axe(page)).toEqual([]);
    });
  }

  test('an unknown type renders a visible, labelled fallback that shows its children', async ({ page }) => {
    await openView(page);
    await mount(page, { type: 'weather-widget', group: [['t', { text: 'Sunny in **Paris**' }]] });
    await expect(page.getByRole('group', { name: 'Unknown type weather-widget' })).toBeVisible();
    await expect(page.getByText('Sunny in')).toBeVisible();
  });
});
