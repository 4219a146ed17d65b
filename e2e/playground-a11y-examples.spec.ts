import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { fileURLToPath as toPath } from 'node:url';
import { openSingle, slotView } from './fixtures/playground/playground-page.ts';
import { emulateColorScheme } from './helpers/color-scheme.ts';

/** Example ids: the program files in examples/ (the menu's order does not matter here). */
const EXAMPLES = readdirSync(toPath(new URL('../examples/', import.meta.url)))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ id: f.slice(0, -3) }))
  .sort((a, b) => a.id.localeCompare(b.id));

/**
 * Every example, as the playground shows it (single mode, full width), has no axe-core violation
 * in either colour scheme: the rendered vocabulary's contrast, names and roles, and the shell.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations in any example (${colorScheme})`, async ({ page }) => {
    // 13 examples × a full axe walk of every shadow root on a shared 2-core machine.
    test.setTimeout(420_000);
    await emulateColorScheme(page, colorScheme);
    const found: string[] = [];
    for (const example of EXAMPLES) {
      await openSingle(page, `example=${example.id}`);
      await expect(slotView(page, 'left')).toBeVisible({ timeout: 15_000 });
      const results = await new AxeBuilder({ page }).analyze();
      found.push(
        ...results.violations.map(
          (v) =>
            `${example.id}: ${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        ),
      );
    }
    expect(found).toEqual([]);
  });
}
