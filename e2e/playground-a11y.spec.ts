import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openPlayground } from './fixtures/playground/playground-page.ts';
import { emulateColorScheme } from './helpers/color-scheme.ts';

/** The playground shell is accessible in both colour schemes: axe-core finds no violations. */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations in the playground (${colorScheme})`, async ({ page }) => {
    // axe walks every shadow root of the rendered UI; on a loaded 2-core machine that takes a while.
    test.setTimeout(150_000);
    await emulateColorScheme(page, colorScheme);
    await openPlayground(page);
    await page.getByText('Generate with a model').click();
    // Every panel in light; the colours again in dark (the panels' structure does not change).
    for (const tab of colorScheme === 'light' ? ['Op log', 'Tree', 'Events'] : ['Op log']) {
      await page.getByRole('tab', { name: tab }).click();
      const results = await new AxeBuilder({ page }).analyze();
      const summary = results.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
      expect(summary, `${tab} tab`).toEqual([]);
    }
  });
}
