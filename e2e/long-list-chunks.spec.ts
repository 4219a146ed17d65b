import { expect, test, type Locator, type Page } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';

/**
 * Issue 42: a list of more than 2,000 children is shown in chunks (renderer/view/list-chunks.ts),
 * so an edit near its top re-lays one chunk, not every later item. The chunks must change nothing
 * a reader or a program sees: after random moves, removals and inserts (applied directly to a plain
 * group's list, and through a keyed render of a `list`'s wrapped items), and across the threshold
 * both ways, the items' DOM order equals the program's own order, the list's text is the items'
 * text, a click deep in the list reaches its own item, focus moves into an item off screen, and
 * the accessibility tree still has the list's items as its items.
 */
const PROGRAM = `
const { group, text, render } = suip;
let a = 42;
const random = () => { a = (a + 0x6d2b79f5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
let ids = []; let fresh = 0; let status = 'ready'; let picked = 'none';
for (; fresh < 1900; fresh += 1) ids.push('i' + fresh);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const button = (label, run) => group('button', [['label', text(label, 'text/plain')]], { on: { click: { handler: () => void run() } } });
const item = (id) => group(null, [['t', text('item ' + id + '.', 'text/plain')], ['b', button('pick ' + id, () => { picked = id; render(view()); })]]);
const view = () => group(null, [
  ['status', text(status, 'text/plain')],
  ['picked', text('picked ' + picked, 'text/plain')],
  ['go', button('go', edit)],
  ['shrink', button('shrink', shrink)],
  ['order', text('order ' + ids.join(','), 'text/plain')],
  ['plain', group(null, ids.map((id) => [id, item(id)]))],
  ['listed', group('list', ids.map((id) => [id, text('entry ' + id + '.', 'text/plain')]))],
]);
async function edit() {
  status = 'editing'; render(view());
  for (let i = 0; i < 200; i += 1) { ids.push('i' + fresh++); if (i % 50 === 49) { render(view()); await sleep(20); } }
  for (let i = 0; i < 60; i += 1) {
    const roll = random(); const at = Math.floor(random() * Math.min(ids.length, i % 3 === 0 ? 40 : ids.length));
    if (roll < 0.3) ids.splice(at, 0, 'i' + fresh++);
    else if (roll < 0.55) ids.splice(at, 1);
    else { const [m] = ids.splice(at, 1); ids.splice(Math.floor(random() * (ids.length + 1)), 0, m); }
    if (i % 4 === 0) { const [m] = ids.splice(Math.floor(random() * ids.length), 1); ids.splice(Math.floor(random() * 30), 0, m); }
    render(view());
    await sleep(20);
  }
  status = 'edited ' + ids.length; render(view());
}
async function shrink() {
  ids = ids.filter((_, i) => i % 3 !== 1);
  status = 'shrunk ' + ids.length; render(view());
}
render(view());
`;

/** The program's own order, from its `order` text. */
async function modelOrder(tree: Locator): Promise<string[]> {
  const order = (await tree.getByText(/^order /).textContent()) ?? '';
  return order.slice('order '.length).split(',');
}

/** The items of both lists in DOM order, by their texts, and the chunks each list is in. */
async function shown(page: Page): Promise<{ plain: string[]; listed: string[]; chunks: number; text: string }> {
  return page.locator('suip-tree').evaluate((tree) => {
    const all: Element[] = [];
    const visit = (node: Node): void => {
      for (const child of Array.from(node.childNodes)) {
        if (child instanceof Element) {
          all.push(child);
          if (child.shadowRoot) visit(child.shadowRoot);
        }
        visit(child);
      }
    };
    visit(tree.shadowRoot ?? tree);
    const texts = all.map((el) => (el.tagName === 'SUIP-TEXT' ? (el.textContent ?? '') : ''));
    const pick = (prefix: string): string[] =>
      texts.filter((t) => t.startsWith(prefix)).map((t) => t.slice(prefix.length, -1));
    const chunk = all.find((el) => el.tagName === 'SUIP-CHUNK');
    return {
      plain: pick('item '),
      listed: pick('entry '),
      chunks: all.filter((el) => el.tagName === 'SUIP-CHUNK').length,
      text: chunk?.parentElement?.textContent ?? '',
    };
  });
}

test('a list past 2,000 children in chunks: order, text, clicks, focus and the a11y tree as without', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const mounted = await mountRenderer(page);
  expect((await mounted.attach('lc', PROGRAM)).ok).toBe(true);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  let now = await shown(page);
  const first = await modelOrder(tree);
  await expect.poll(async () => (now = await shown(page)).plain.join(), { timeout: 60_000 }).toBe(first.join());
  expect(now.chunks).toBe(0);

  await tree.getByRole('button', { name: 'go', exact: true }).click();
  await expect(tree.getByText(/^edited \d+$/)).toBeVisible({ timeout: 120_000 });
  const model = await modelOrder(tree);
  expect(model.length).toBeGreaterThan(2000);
  // Both lists settle on the program's order (a list may still build its last items a frame later).
  await expect
    .poll(async () => (now = await shown(page)).plain.join() + now.listed.join(), { timeout: 60_000 })
    .toBe(model.join() + model.join());
  expect(now.plain).toEqual(model);
  expect(now.chunks).toBeGreaterThanOrEqual(8);
  // The plain list's text is its items' text, in order (the chunks add none; a button's label is in its shadow root).
  expect(now.text).toBe(model.map((id) => `item ${id}.`).join(''));

  // A click deep in the list reaches that item's handler.
  const deep = model[model.length - 150]!;
  await tree.getByRole('button', { name: `pick ${deep}`, exact: true }).click();
  await expect(tree.getByText(`picked ${deep}`, { exact: true })).toBeVisible({ timeout: 15_000 });
  // Focus moves into an item off screen.
  const far = tree.getByRole('button', { name: `pick ${model[model.length - 400]!}`, exact: true });
  await far.evaluate((el) => {
    el.scrollIntoView();
    (el.shadowRoot?.querySelector('button') ?? (el as HTMLElement)).focus();
  });
  await expect(far).toBeFocused();

  // The accessibility tree: the `list` has every item as its own listitem, chunks or not.
  const snapshot = await tree.getByRole('list').first().ariaSnapshot();
  expect(snapshot.split('\n').filter((line) => /^\s*- listitem\b/.test(line))).toHaveLength(model.length);
  expect(snapshot).not.toMatch(/generic|none|presentation/);

  // Back under the threshold: the lists are re-laid without chunks, still in order.
  await tree.getByRole('button', { name: 'shrink', exact: true }).click();
  await expect(tree.getByText(/^shrunk \d+$/)).toBeVisible({ timeout: 60_000 });
  const small = await modelOrder(tree);
  expect(small.length).toBeLessThanOrEqual(2000);
  await expect
    .poll(async () => (now = await shown(page)).plain.join() + now.listed.join(), { timeout: 60_000 })
    .toBe(small.join() + small.join());
  expect(now.plain).toEqual(small);
  expect(now.chunks).toBe(0);
});
