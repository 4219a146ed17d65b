import { expect, test } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';

/**
 * A list crossing 2,000 children (renderer/view/list-chunks.ts) while the user is in it: the
 * element the user focused keeps its focus, as any keyed move keeps it.
 */
const PROGRAM = `
const { group, text, render } = suip;
let n = 2000;
const button = (id) => group('button', [['label', text('pick ' + id, 'text/plain')]], { on: { click: { handler: () => undefined } } });
const view = () => group(null, [
  ['count', text('count ' + n, 'text/plain')],
  ['grow', group('button', [['label', text('grow', 'text/plain')]], { on: { click: { handler: () => { setTimeout(() => { n += 1; render(view()); }, 1500); } } } })],
  ['plain', group(null, Array.from({ length: n }, (_, i) => ['i' + i, button('i' + i)]))],
]);
render(view());
`;

test('crossing 2,000 children keeps the focused item focused', async ({ page }) => {
  test.setTimeout(180_000);
  const mounted = await mountRenderer(page);
  expect((await mounted.attach('cf', PROGRAM)).ok).toBe(true);
  const tree = page.locator('suip-tree');
  const target = tree.getByRole('button', { name: 'pick i1990', exact: true });
  await expect(target).toBeVisible({ timeout: 60_000 });
  await tree.getByRole('button', { name: 'grow', exact: true }).click();
  await target.evaluate((el) => (el.shadowRoot?.querySelector('button') ?? (el as HTMLElement)).focus());
  await expect(target).toBeFocused();
  const before = await target.elementHandle();
  await expect(tree.getByText('count 2001', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => tree.locator('suip-chunk').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  // The same element, still focused.
  expect(await before!.evaluate((el) => el.isConnected)).toBe(true);
  await expect(target).toBeFocused();
});
