import { expect, test, type Page } from '@playwright/test';
import { attach, openHost } from './fixtures/sandbox/host-client.ts';

// Issue 31 item 1: a streamed token (a transaction of text appends to leaves on screen) is written
// to its text element alone (renderer/view/text-append-path.ts): no group on its path runs an
// update, while everything the general path guarantees still holds.

const PROGRAM = `
const { group, text, render } = suip;
let items = Array.from({ length: 40 }, (_, k) => ['i' + k, group(null, [['t', text('item ' + k)]])]);
let title = 'Title';
let body = 'Body';
const cache = new Map();
const view = () => group(null, [
  ['card', group('card', [['title', text(title, 'text/plain')], ['body', text(body)]])],
  ['list', group('list', items)],
  ['stream', group('button', [['label', text('stream')]], { on: { click: async () => { for (let k = 0; k < 25; k += 1) { grow(5, ' w' + k); await render(view()); } } } })],
  ['retitle', group('button', [['label', text('retitle')]], { on: { click: async () => { for (let k = 0; k < 5; k += 1) { title += ' t' + k; await render(view()); } } } })],
  ['mix', group('button', [['label', text('mix')]], { on: { click: async () => {
    items = items.filter(([id]) => id !== 'i3');
    items.splice(1, 0, ['n1', group(null, [['t', text('new one')]])]);
    grow(5, ' after-mix');
    await render(view());
    for (let k = 0; k < 10; k += 1) { grow(7, ' x' + k); body += ' b' + k; await render(view()); }
  } } })],
]);
function grow(index, token) {
  items = items.map(([id, particle]) => (id === 'i' + index ? [id, group(null, [['t', text(particle.group[0][1].text + token)]])] : [id, particle]));
}
render(view());
`;

/** Counts update cycles of group elements and renders of text elements from now on. */
async function countUpdates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { updates: { groups: number; texts: number } };
    w.updates = { groups: 0, texts: 0 };
    const listProto = customElements.get('suip-list')!.prototype as object;
    let base = listProto;
    while (!Object.hasOwn(base, 'forwardsChild')) base = Object.getPrototypeOf(base) as object;
    const groupProto = base as { shouldUpdate(changed: unknown): boolean; __counted?: boolean };
    if (!groupProto.__counted) {
      groupProto.__counted = true;
      const shouldUpdate = groupProto.shouldUpdate;
      groupProto.shouldUpdate = function (this: unknown, changed: unknown) {
        w.updates.groups += 1;
        return shouldUpdate.call(this, changed);
      };
      const textProto = customElements.get('suip-text')!.prototype as { render(): unknown };
      const render = textProto.render;
      textProto.render = function (this: unknown) {
        w.updates.texts += 1;
        return render.call(this);
      };
    }
  });
}

/** Each list item's text as shown, through shadow roots. */
const shownItems = (page: Page) =>
  page.getByRole('list').getByRole('listitem').evaluateAll((elements) => {
    const deep = (node: Node): string => {
      const scope = (node as Element).shadowRoot ?? node;
      let out = '';
      for (const child of scope.childNodes) out += child.nodeType === Node.TEXT_NODE ? (child as Text).data : child.nodeType === Node.ELEMENT_NODE && (child as Element).localName !== 'style' ? deep(child) : '';
      return out;
    };
    return elements.map((element) => deep(element).replace(/\s+/g, ' ').trim());
  });

const updates = (page: Page) => page.evaluate(() => (window as unknown as { updates: { groups: number; texts: number } }).updates);
const resetUpdates = (page: Page) => page.evaluate(() => Object.assign((window as unknown as { updates: object }).updates, { groups: 0, texts: 0 }));

test('a streamed token updates its text element only; titles a group reads, and structural edits, still go through the tree', async ({ page }) => {
  await openHost(page);
  expect(await attach(page, 'g', PROGRAM)).toEqual({ ok: true, status: 'ready' });
  const items = page.getByRole('list').getByRole('listitem');
  await expect(items).toHaveCount(40);
  await countUpdates(page);

  await page.getByRole('button', { name: 'stream' }).click();
  await expect(items.nth(5)).toHaveText(`item 5${Array.from({ length: 25 }, (_, k) => ` w${k}`).join('')}`);
  const streamed = await updates(page);
  // 25 tokens: the text element rendered for them, no group ran an update (the button's own
  // click handling is no update either).
  expect(streamed.groups).toBe(0);
  expect(streamed.texts).toBeGreaterThanOrEqual(1);
  expect(streamed.texts).toBeLessThanOrEqual(25);

  // The card's title is read by the card's own template (its accessible name): never the fast path.
  await resetUpdates(page);
  await page.getByRole('button', { name: 'retitle' }).click();
  await expect(page.getByRole('article', { name: 'Title t0 t1 t2 t3 t4' })).toBeVisible();
  expect((await updates(page)).groups).toBeGreaterThan(0);

  // A structural edit, then tokens again: the list keeps the right items in order, the tokens land.
  await resetUpdates(page);
  await page.getByRole('button', { name: 'mix' }).click();
  const x = Array.from({ length: 10 }, (_, k) => ` x${k}`).join('');
  await expect(items.nth(7)).toHaveText(`item 7${x}`);
  await expect(page.getByRole('article')).toContainText(`Body${Array.from({ length: 10 }, (_, k) => ` b${k}`).join('')}`);
  const expected = ['item 0', 'new one', 'item 1', 'item 2', 'item 4', `item 5${Array.from({ length: 25 }, (_, k) => ` w${k}`).join('')} after-mix`, 'item 6', `item 7${x}`, 'item 8'];
  expect((await shownItems(page)).slice(0, 9)).toEqual(expected);
  await expect(items).toHaveCount(40);
  // The view shows exactly the renderer's tree.
  const tree = (await page.evaluate(() => window.sandboxTest.snapshot())) as { group: Array<[string, { group: Array<[string, { group?: Array<[string, unknown]> }]> }]> };
  const list = tree.group[0]![1].group.find(([id]) => id === 'list')![1];
  const treeTexts = list.group!.map(([, item]) => ((item as { group: Array<[string, { text: string }]> }).group[0]![1].text));
  expect(await shownItems(page)).toEqual(treeTexts.map((t) => t.replace(/\s+/g, ' ').trim()));
});
