import { expect as baseExpect, test, type Page } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The streaming fast path (renderer/view/leaf-writes.ts, issue 31): a frame whose transactions
 * only appended text to leaves on screen writes those leaves, and no group on their paths renders
 * its template (nor does `<suip-tree>`, nor a plain paragraph's `<suip-text>`: one
 * `Text.appendData`). A real program in the real sandbox streams tokens into a list, then mixes in
 * inserts, removals and moves from a seeded generator; after each phase the DOM must show exactly
 * the renderer's tree, and a structural edit must be forwarded down to the list alone (the tree
 * and the groups above it never re-render: their records stayed exact while tokens bypassed them).
 */

const TOKENS = 40;
const STEPS = 160;

/** The program: a list of items, each a group holding one text; button `go` starts the next phase. */
const PROGRAM = `
const { group, text, render } = suip;
let a = 20261126;
const random = () => {
  a = (a + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const items = [];
let fresh = 0;
for (; fresh < 12; fresh += 1) items.push({ id: 'i' + fresh, text: 'item ' + fresh });
const cache = new Map();
const item = (it) => {
  let hit = cache.get(it.id);
  if (hit === undefined || hit.text !== it.text) cache.set(it.id, (hit = { text: it.text, particle: group(null, [['t', text(it.text)]]) }));
  return hit.particle;
};
let phase = 0;
let status = 'status';
let title = '## Streaming';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const token = () => { const it = items[Math.floor(random() * items.length)]; it.text += ' w' + Math.floor(random() * 100); };
const view = () => group(null, [
  ['title', text(title)],
  ['list', group(null, items.map((it) => [it.id, item(it)]))],
  ['go', group('button', [['label', text('go', 'text/plain')]], { on: { click: { handler: () => void run() } } })],
  ['status', text(status)],
]);
// Nothing but the list's texts and the status line changes: every frame of phase 1 is text appends.
async function run() {
  phase += 1;
  if (phase === 1) {
    for (let i = 0; i < ${TOKENS}; i += 1) {
      // Every tenth token grows the heading instead (a plain heading is appended to like a paragraph).
      if (i % 10 === 9) title += ' h' + i;
      else token();
      render(view());
      await sleep(i % 3 === 0 ? 20 : 2);
    }
  } else if (phase === 3) {
    // Markup arrives in a stream that was plain: the leaf leaves the fast path and renders markdown.
    for (const piece of [' **bo', 'ld**', ' after']) { status += piece; render(view()); await sleep(20); }
  } else if (phase === 2) {
    for (let i = 0; i < ${STEPS}; i += 1) {
      const roll = random();
      const at = Math.floor(random() * items.length);
      if (roll < 0.7 || items.length < 4) token();
      else if (roll < 0.8) items.splice(at, 0, { id: 'n' + fresh, text: 'new ' + fresh++ });
      else if (roll < 0.9) { cache.delete(items[at].id); items.splice(at, 1); }
      else { const [moved] = items.splice(at, 1); items.splice(Math.floor(random() * (items.length + 1)), 0, moved); }
      render(view());
      await sleep(i % 4 === 0 ? 20 : 2);
    }
  }
  status += ' done' + phase;
  render(view());
}
render(view());
`;

interface Rerender {
  kind: string;
  path: string;
  /** Which view update it belonged to: re-renders in one task (a frame's update and its microtasks) share it. */
  task: number;
}

/** Every re-render (an update of an element that had rendered before) since `watch`, with the element's path. */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: Array<{ kind: string; path: string; task: number }> = [];
    let task = 0;
    let open = false;
    // A view update runs in one task with its microtasks; the timeout runs after them.
    const taskOf = (): number => {
      if (!open) {
        open = true;
        task += 1;
        setTimeout(() => (open = false), 0);
      }
      return task;
    };
    (window as unknown as { rerenders: typeof log }).rerenders = log;
    const groupClass = Object.getPrototypeOf(customElements.get('suip-group')!) as { prototype: object };
    const watched: Array<[string, { prototype: object }]> = [
      ['tree', customElements.get('suip-tree')!],
      ['group', groupClass],
      ['text', customElements.get('suip-text')!],
    ];
    for (const [kind, type] of watched) {
      const proto = type.prototype as { update(changed: unknown): void };
      const original = proto.update;
      proto.update = function (this: { hasUpdated: boolean; path?: string[] }, changed: unknown) {
        if (this.hasUpdated) log.push({ kind, path: (this.path ?? []).join('/'), task: taskOf() });
        original.call(this, changed);
      };
    }
  });
}

async function takeRerenders(page: Page): Promise<Rerender[]> {
  return page.evaluate(() => {
    const w = window as unknown as { rerenders: Array<{ kind: string; path: string; task: number }> };
    return w.rerenders.splice(0);
  });
}

/** The texts on screen inside the program's area, in document order (through shadow roots; the host's mark skipped). */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = (node: Node): void => {
      const scope: Node = (node as Element).shadowRoot ?? node;
      for (let child = scope.firstChild; child !== null; child = child.nextSibling) {
        if (child.nodeType === Node.TEXT_NODE) {
          const data = (child as Text).data.trim();
          if (data !== '') out.push(data);
        } else if (child.nodeType === Node.ELEMENT_NODE && !['style', 'script', 'template'].includes((child as Element).localName) && !(child as Element).hasAttribute('data-suip-provenance-mark') && !(child as Element).hasAttribute('data-suip-provenance')) walk(child);
      }
    };
    walk(document.querySelector('suip-tree')!);
    return out;
  });
}

/** The texts of the renderer's tree, depth first: what the screen must show. */
async function treeTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = (node: { group?: Array<[string, unknown]>; text?: string }): void => {
      if (typeof node.text === 'string' && node.text.trim() !== '') out.push(node.text.trim().replace(/^#+ /, ''));
      for (const [, child] of node.group ?? []) walk(child as typeof node);
    };
    walk(window.suipTest.snapshot() as { group?: Array<[string, unknown]> });
    return out;
  });
}

async function phaseDone(page: Page, phase: number): Promise<void> {
  await expect.poll(async () => (await treeTexts(page)).some((text) => text.endsWith(`done${phase}`))).toBe(true);
  await expect.poll(async () => JSON.stringify(await shownTexts(page))).toBe(JSON.stringify(await treeTexts(page)));
}

test('streamed tokens write their leaves alone, and structural edits between them still forward to the list', async ({ page }) => {
  const mounted = await mountRenderer(page);
  const outcome = await mounted.attach('leafy', PROGRAM);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  const go = page.locator('suip-tree').getByRole('button', { name: /^go/ });
  await expect(go).toHaveText('go');
  await watch(page);

  // Phase 1: text appends only.
  await go.click();
  await phaseDone(page, 1);
  const streamed = await takeRerenders(page);
  // The button may re-render for its click (pressed state); no group and no text on a token's path may.
  const onPaths = streamed.filter((r) => r.path !== 'leafy/go' && !r.path.startsWith('leafy/go/'));
  expect(onPaths, JSON.stringify(onPaths)).toEqual([]);
  const texts = await treeTexts(page);
  expect(texts.join(' ').split(' w').length - 1 + texts.join(' ').split(' h').length - 1).toBe(TOKENS);
  // A plain heading stays one <h2> while it grows.
  expect(await page.evaluate(() => {
    const deep = (root: ParentNode, found: Element[] = []): Element[] => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'h2') found.push(el);
        if (el.shadowRoot) deep(el.shadowRoot, found);
      }
      return found;
    };
    return deep(document.querySelector('suip-tree')!.shadowRoot!).map((h) => h.textContent);
  })).toEqual([texts[0]]);

  // Phase 2: tokens with inserts, removals and moves mixed in.
  await go.click();
  await phaseDone(page, 2);
  const mixed = await takeRerenders(page);
  // A structural edit is forwarded down to the list: the tree never renders, and the only group
  // rendering again is the list itself (the items and the mount forward; new items render first).
  expect(mixed.filter((r) => r.kind === 'tree'), 'suip-tree rendered').toEqual([]);
  const groups = mixed.filter((r) => r.kind === 'group' && r.path !== 'leafy/go');
  expect(groups.length, 'the list re-rendered for structural edits').toBeGreaterThan(0);
  expect(groups.filter((r) => r.path !== 'leafy/list'), JSON.stringify(groups)).toEqual([]);
  expect(groups.length).toBeLessThan(STEPS);
  // A token that shares its frame with a structural edit goes down the tree with it (the list
  // renders, the item forwards, the text updates); a frame of tokens alone re-renders no text.
  const structural = new Set(groups.map((r) => r.task));
  const alone = mixed.filter((r) => r.kind === 'text' && r.path.includes('/list') && !structural.has(r.task));
  expect(alone, 'a frame of tokens alone re-rendered a text').toEqual([]);

  // Phase 3: markup streamed into a plain paragraph is rendered as markdown (the leaf updates).
  await go.click();
  await expect.poll(() => page.evaluate(() => {
    const deep = (root: ParentNode): string | undefined => {
      for (const el of root.querySelectorAll('*')) {
        if (el.localName === 'strong') return el.textContent ?? '';
        const inner = el.shadowRoot ? deep(el.shadowRoot) : undefined;
        if (inner !== undefined) return inner;
      }
      return undefined;
    };
    return deep(document.querySelector('suip-tree')!.shadowRoot!);
  })).toBe('bold');
  await expect.poll(async () => (await shownTexts(page)).join(' ')).toContain('after done3');
});
