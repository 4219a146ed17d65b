import { expect, test } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';

/** Items of the list: past `CHUNKED_ABOVE` (2,000), so the list is shown in chunks (renderer/view/list-chunks.ts). */
const ITEMS = 2100;

const PROGRAM = `
const { group, text, render } = suip;
const ids = Array.from({ length: ${ITEMS} }, (_, i) => 'i' + i);
render(group(null, [
  ['status', text('shown', 'text/plain')],
  ['listed', group('list', ids.map((id) => [id, text('entry ' + id + '.', 'text/plain')]))],
]));
`;

/**
 * Issue 42: the chunks of a long list must not hide its items from a screen reader. Chromium's full
 * accessibility tree (CDP, what assistive technology is served), taken without scrolling, holds every
 * item of a list past 2,000 children as a listitem. Chunks with `content-visibility: auto` failed this
 * (500 of 2,100: the items of the off-screen chunks were absent until scrolled to), while
 * Playwright's aria snapshot, which walks the DOM, missed only some of them.
 */
test('every item of a list in chunks is in the full accessibility tree, unscrolled', async ({ page }) => {
  test.setTimeout(120_000);
  const mounted = await mountRenderer(page);
  expect((await mounted.attach('ax', PROGRAM)).ok).toBe(true);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('shown', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => tree.locator('suip-chunk').count(), { timeout: 60_000 }).toBeGreaterThan(1);
  // Every item is in the DOM (a list may still build its last items a frame later).
  await expect.poll(() => tree.getByText(/^entry i\d+\.$/).count(), { timeout: 60_000 }).toBe(ITEMS);
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }>;
  };
  const listItems = nodes.filter((node) => !node.ignored && node.role?.value === 'listitem');
  expect(listItems.length).toBe(ITEMS);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
