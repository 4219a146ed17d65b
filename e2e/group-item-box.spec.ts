import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';
import { forceHostDisplay, treeBoxes, type TreeBoxes } from './helpers/tree-boxes.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A plain group that holds one text, straight in a plain group (an item of a list), makes no box
 * of its own (its host is `display: contents`, renderer/view/suip-group.ts): the text's box is the
 * list's flex item, one box fewer per item (issue 31, docs/benchmarks.md "Item 1: the native stages
 * with structural edits"). Nothing on screen may move for it: every box of the program's area is
 * measured as shipped, then again with every group host forced back to its flex column, and the two
 * must be equal — before and after edits that give such a group a second child, give an empty
 * group its first, and take a child away. Groups with no child, several, or a child that is not a
 * text keep their box, and so do a program's root group and groups inside another element's
 * wrapper (a row).
 */

const LONG = 'x'.repeat(400);
const PROGRAM = `
const { group, text, render } = suip;
let edited = false;
const view = () => group(null, [
  ['title', text('# A list')],
  ['list', group(null, [
    ['a', group(null, edited ? [['t', text('one text')], ['u', text('and a second')]] : [['t', text('one text')]])],
    ['b', group(null, [['t', text('**markdown** item')]])],
    ['c', group(null, edited ? [['t', text('now one text')]] : [])],
    ['d', group(null, edited ? [['u', text('y')]] : [['t', text('x')], ['u', text('y')]])],
    ['e', group(null, [['g', group(null, [['t', text('nested')]])]])],
    ['f', group('row', [['r', group(null, [['t', text('in a row')]])], ['s', text('beside')]])],
    ['h', group(null, [['t', text('${LONG}')]])],
    ['k', group(null, [['t', text('')]])],
    ['go', group('button', [['label', text('go', 'text/plain')]], { on: { click: { handler: () => { edited = true; render(view()); } } } })],
  ])],
]);
render(view());
`;

/** Every box in the program's area except the hosts that may be box-less, and each plain group's display by path. */
const boxes = (page: Page): Promise<TreeBoxes> => treeBoxes(page, 'suip-group', ['suip-group', 'suip-text']);

/** Every box-less plain group's host forced to its flex column (the layout before this change). */
const groupsAsBoxes = (page: Page): Promise<void> => forceHostDisplay(page, 'suip-group', 'flex', 'contents');

/** Undo `groupsAsBoxes` (the renderer set the display it recorded; put back exactly that). */
async function groupsAsShipped(page: Page, displays: Record<string, string>): Promise<void> {
  await page.evaluate((shown) => {
    const visit = (scope: ParentNode): void => {
      for (const el of scope.querySelectorAll('*')) {
        const path = (el as unknown as { path?: string[] }).path?.join('/');
        if (el.localName === 'suip-group' && path !== undefined && shown[path] === 'contents')
          (el as HTMLElement).style.setProperty('display', 'contents');
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document.querySelector('suip-tree')!.shadowRoot!);
  }, displays);
}

async function expectSameBoxesAsFlex(page: Page): Promise<Record<string, string>> {
  const shipped = await boxes(page);
  await groupsAsBoxes(page);
  const asBoxes = await boxes(page);
  await groupsAsShipped(page, shipped.displays);
  expect(shipped.rects.length).toBeGreaterThan(12);
  expect(shipped.rects).toEqual(asBoxes.rects);
  expect(Object.values(asBoxes.displays).every((d) => d === 'flex')).toBe(true);
  return shipped.displays;
}

test('a plain group holding one text in a plain group is no box, and every box on screen stays where it was, across edits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 480, height: 1000 });
  const mounted = await mountRenderer(page);
  const outcome = await mounted.attach('items', PROGRAM);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const go = page.locator('suip-tree').getByRole('button', { name: /^go/ });
  await expect(go).toHaveText('go');
  // The markdown pipeline loads on first use (the source shows as plain text meanwhile): measure once it has.
  await expect(page.locator('suip-tree').locator('strong')).toHaveText('markdown');

  expect(await expectSameBoxesAsFlex(page)).toEqual({
    // SECURITY: the program's root group keeps its contained box.
    items: 'flex',
    'items/list': 'flex',
    'items/list/a': 'contents',
    'items/list/b': 'contents',
    'items/list/c': 'flex',
    'items/list/d': 'flex',
    'items/list/e': 'flex',
    'items/list/e/g': 'contents',
    'items/list/f/r': 'flex',
    'items/list/h': 'contents',
    'items/list/k': 'contents',
  });
  // The long word still wraps inside the viewport.
  expect(
    Math.max(...(await boxes(page)).rects.filter((r) => r.startsWith('p ')).map((r) => Number(r.split(',')[2]))),
  ).toBeLessThanOrEqual(480);

  await go.click();
  await expect(page.locator('suip-tree')).toContainText('and a second');
  await expect(page.locator('suip-tree')).toContainText('now one text');
  expect(await expectSameBoxesAsFlex(page)).toMatchObject({
    'items/list/a': 'flex',
    'items/list/c': 'contents',
    'items/list/d': 'contents',
  });
});

test('a group item is still found by role and text, and its events still reach it', async ({ page }) => {
  const mounted = await mountRenderer(page);
  const outcome = await mounted.attach(
    'clicks',
    `
    const { group, text, render } = suip;
    let clicks = 0;
    const view = () => group(null, [
      ['item', group(null, [['t', text('clicked ' + clicks)]], { on: { click: { handler: () => { clicks++; render(view()); } } } })],
    ]);
    render(view());
  `,
  );
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const item = page.locator('suip-tree').getByText('clicked 0');
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.locator('suip-tree').getByText('clicked 1')).toBeVisible();
});
