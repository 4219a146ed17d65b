import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';
import { forceHostDisplay, treeBoxes, type TreeBoxes } from './helpers/tree-boxes.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A text leaf that shows one plain paragraph in a plain group makes no box of its own (its host is
 * `display: contents`, renderer/view/suip-text.ts): the paragraph is the item's one layout box, as
 * in a plain page, one box fewer per streamed item (issue 31, docs/benchmarks.md "Item 1: the text
 * leaf's box"). Nothing on screen may move for it: every box of the program's area is measured as
 * shipped, then again with every text host forced back to a block, and the two must be equal. A
 * leaf whose text turns into markdown gets its box back; a program whose root is a text still sits
 * in the contained box the tree's SECURITY rule needs (the program's root group).
 */

const LONG = 'x'.repeat(400);
/** Plain paragraphs beside markdown, an empty text, a long unbreakable word, a nested group and a row. */
const PROGRAM = `
const { group, text, render } = suip;
let first = 'a plain paragraph';
const view = () => group(null, [
  ['a', text(first)],
  ['b', text('${LONG}')],
  ['c', text('**markdown** with _markup_')],
  ['d', text('')],
  ['e', text('two lines,\\none paragraph (markdown: a soft break)')],
  ['inner', group(null, [['f', text('nested paragraph')], ['g', text('# A heading')]])],
  ['row', group('row', [['h', text('in a row')], ['i', text('${LONG}')]])],
  ['go', group('button', [['label', text('go', 'text/plain')]], { on: { click: { handler: () => { first += ' **now bold**'; render(view()); } } } })],
]);
render(view());
`;

/** Every box in the program's area except the text hosts, and each text host's display. */
const boxes = (page: Page): Promise<TreeBoxes> => treeBoxes(page, 'suip-text', ['suip-text']);

/** Every text host under the tree forced to a block (the layout before this change). */
const hostsAsBlocks = (page: Page): Promise<void> => forceHostDisplay(page, 'suip-text', 'block');

test("a plain paragraph in a plain group is the item's one box, and every box on screen stays where it was", async ({
  page,
}) => {
  await page.setViewportSize({ width: 480, height: 900 });
  const mounted = await mountRenderer(page);
  const outcome = await mounted.attach('boxes', PROGRAM);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const go = page.locator('suip-tree').getByRole('button', { name: /^go/ });
  await expect(go).toHaveText('go');
  // The markdown pipeline loads on first use (the source shows as plain text meanwhile): measure
  // once it has, or the two measurements straddle its arrival.
  await expect(page.locator('suip-tree').locator('strong')).toHaveText('markdown');

  const shipped = await boxes(page);
  // Plain paragraphs straight in a plain group: no box; an empty text is an empty plain paragraph
  // (it streams its first token as an append), so it has none either. Markdown, a heading and the
  // row's children (inside the row's own wrapper) keep their block.
  expect(shipped.displays).toEqual({
    'boxes/a': 'contents',
    'boxes/b': 'contents',
    'boxes/c': 'block',
    'boxes/d': 'contents',
    'boxes/e': 'block',
    'boxes/inner/f': 'contents',
    'boxes/inner/g': 'block',
    'boxes/row/h': 'block',
    'boxes/row/i': 'block',
  });
  await hostsAsBlocks(page);
  const asBlocks = await boxes(page);
  expect(shipped.rects.length).toBeGreaterThan(15);
  expect(shipped.rects).toEqual(asBlocks.rects);
  // The long word wraps inside the viewport (overflow-wrap reaches the paragraph by inheritance).
  const widest = Math.max(...shipped.rects.filter((r) => r.startsWith('p ')).map((r) => Number(r.split(',')[2])));
  expect(widest).toBeLessThanOrEqual(480);

  // A fresh page to undo the forced blocks, then markup streamed into the plain paragraph: its host gets its box back.
  const again = await mountRenderer(page);
  expect((await again.attach('boxes', PROGRAM)).ok).toBe(true);
  await expect(go).toHaveText('go');
  await go.click();
  await expect.poll(async () => (await boxes(page)).displays['boxes/a']).toBe('block');
  expect(
    await page.evaluate(() => {
      const find = (scope: ParentNode): string | undefined => {
        for (const el of scope.querySelectorAll('*')) {
          if (el.localName === 'strong') return el.textContent ?? '';
          const inner = el.shadowRoot ? find(el.shadowRoot) : undefined;
          if (inner !== undefined) return inner;
        }
        return undefined;
      };
      return find(document.querySelector('suip-tree')!.shadowRoot!);
    }),
  ).toBe('now bold');
});

test('a program whose root is a plain paragraph is still inside a contained box', async ({ page }) => {
  const mounted = await mountRenderer(page);
  const outcome = await mounted.attach('root', `suip.render(suip.text('the whole program is one paragraph'));`);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  // From the paragraph up (across shadow roots) to the program's mount: each element's tag, display
  // and contain. The box-less host's containment does nothing, so the paragraph carries its own.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const find = (scope: ParentNode): Element | undefined => {
          for (const el of scope.querySelectorAll('*')) {
            if (el.localName === 'p') return el;
            const inner = el.shadowRoot ? find(el.shadowRoot) : undefined;
            if (inner !== undefined) return inner;
          }
          return undefined;
        };
        const chain: string[] = [];
        for (
          let node: Node | null = find(document.querySelector('suip-tree')!.shadowRoot!) ?? null;
          node !== null && !(node instanceof Element && node.hasAttribute('data-suip-mount'));
        ) {
          if (node instanceof Element) {
            const style = getComputedStyle(node);
            chain.push(`${node.localName} ${style.display} ${style.contain}`);
          }
          node = node instanceof ShadowRoot ? node.host : node.parentNode;
        }
        return chain;
      }),
    )
    .toEqual(['p block layout style', 'suip-text contents layout style', 'suip-group flex layout paint']);
});
