import { expect, test, type Page } from '@playwright/test';
import type { GroupParticle, Op, Particle } from '../shared/index.ts';
import { mount, openView } from './vocabulary-helpers.ts';

/**
 * A wide group's children are updated as a keyed splice (renderer/view/keyed-entries.ts): only the
 * children an edit touched are created, removed, moved or re-set. Here a 1,000-child list receives
 * real transactions (core/tree's `applyTransaction`: appends, inserts, removals, moves, text
 * appends), several per view update as when a frame coalesces them, and must end with exactly the
 * DOM a from-scratch render of the final tree gives, with the same element for every child no op
 * touched.
 */

/** A small deterministic generator (mulberry32): the same edits on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const item = (text: string): GroupParticle => ({ group: [['t', { text }]] });

/** Batches of ops over a list of `ids` (kept in step), and the ids each batch touched. */
function editScript(ids: string[], seed: number, batches: number): { ops: Op[]; touched: string[] }[] {
  const next = random(seed);
  const pick = () => ids[Math.floor(next() * ids.length)]!;
  let fresh = 0;
  const out: { ops: Op[]; touched: string[] }[] = [];
  for (let b = 0; b < batches; b += 1) {
    const ops: Op[] = [];
    const touched: string[] = [];
    const count = 1 + Math.floor(next() * 3);
    for (let k = 0; k < count; k += 1) {
      const roll = next();
      if (roll < 0.2) {
        const id = `n${fresh++}`;
        ops.push({ method: 'suip/ops/append', params: { path: ['list'], id, particle: item(`new ${id}`) } });
        ids.push(id);
        touched.push(id);
      } else if (roll < 0.4) {
        const id = `n${fresh++}`;
        const before = pick();
        ops.push({ method: 'suip/ops/insert', params: { path: ['list'], id, before, particle: item(`new ${id}`) } });
        ids.splice(ids.indexOf(before), 0, id);
        touched.push(id);
      } else if (roll < 0.55) {
        const id = pick();
        ops.push({ method: 'suip/ops/remove', params: { path: ['list', id] } });
        ids.splice(ids.indexOf(id), 1);
        touched.push(id);
      } else if (roll < 0.8) {
        // A move: remove, then insert the same id without a particle (the same object moves).
        const id = pick();
        ops.push({ method: 'suip/ops/remove', params: { path: ['list', id] } });
        ids.splice(ids.indexOf(id), 1);
        const before = pick();
        ops.push({ method: 'suip/ops/insert', params: { path: ['list'], id, before } });
        ids.splice(ids.indexOf(before), 0, id);
        touched.push(id);
      } else {
        const id = pick();
        ops.push({ method: 'suip/ops/append', params: { path: ['list', id, 't'], text: ' more' } });
        touched.push(id);
      }
    }
    out.push({ ops, touched });
  }
  return out;
}

interface Page1k {
  /** Apply batches through the real transaction code, then show the result once. */
  apply(batches: Op[][]): Promise<void>;
  /** Remember the element showing each list child. */
  mark(): void;
  /** Ids of list children whose element is no longer the one `mark` saw. */
  replaced(): string[];
  /** The tree's DOM as text (tags, attributes, text; through shadow roots), and a fresh render's. */
  compareFresh(): Promise<{ live: string; fresh: string; ids: string[] }>;
}

async function install(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const treeModule = '/core/tree/index.ts';
    const { applyTransaction } = (await import(/* @vite-ignore */ treeModule)) as {
      applyTransaction: (t: unknown, ops: unknown[]) => { ok: boolean; tree: unknown; error?: unknown };
    };
    const fixture = (window as unknown as { fixture: { setRoot(r: unknown): Promise<void>; settle(): Promise<void> } })
      .fixture;
    const tree = document.querySelector('#tree') as unknown as {
      root: { group: [string, unknown][] };
      context: unknown;
    };
    const listElement = (root: ParentNode) => root.querySelector('[data-list-probe], suip-group, suip-list')!;
    // A plain group renders in its own light DOM (renderer/view/light-root.ts): its items are its children.
    const items = (list: Element) =>
      list.shadowRoot ? list.shadowRoot.querySelectorAll('suip-group') : list.querySelectorAll(':scope > suip-group');
    const children = (host: Element): Map<string, Element> => {
      const list = listElement(host.shadowRoot ?? host);
      const out = new Map<string, Element>();
      for (const el of items(list)) out.set((el as unknown as { path: string[] }).path.at(-1)!, el);
      return out;
    };
    const serialize = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return '';
      const el = node as Element;
      const inner = [...(el.shadowRoot ? [el.shadowRoot] : []), ...node.childNodes].map(serialize).join('');
      if (node.nodeType === Node.DOCUMENT_FRAGMENT_NODE) return `#shadow(${inner})`;
      const attrs = [...el.attributes].map((a) => ` ${a.name}="${a.value}"`).join('');
      return `<${el.localName}${attrs}>${inner}</${el.localName}>`;
    };
    let marks = new Map<string, Element>();
    (window as unknown as { page1k: Page1k }).page1k = {
      async apply(batches) {
        const mountEntry = tree.root.group[0]!;
        let root = mountEntry[1];
        for (const ops of batches) {
          const result = applyTransaction(root, ops);
          if (!result.ok) throw new Error(JSON.stringify(result.error));
          root = result.tree;
        }
        await fixture.setRoot({ group: [['gen', root]] });
      },
      mark() {
        const tracked = children(
          document.querySelector('#tree')!.shadowRoot!.querySelector('.generators')!.firstElementChild!,
        );
        marks = tracked;
      },
      replaced() {
        const now = children(
          document.querySelector('#tree')!.shadowRoot!.querySelector('.generators')!.firstElementChild!,
        );
        return [...marks].filter(([id, el]) => now.has(id) && now.get(id) !== el).map(([id]) => id);
      },
      async compareFresh() {
        const fresh = document.createElement('suip-tree') as unknown as HTMLElement & {
          root: unknown;
          context: unknown;
        };
        fresh.id = 'tree';
        fresh.context = tree.context;
        fresh.root = tree.root;
        document.body.append(fresh);
        await fixture.settle();
        const live = serialize(document.querySelector('#tree')!);
        const other = serialize(fresh);
        const ids = [...children(fresh.shadowRoot!.querySelector('.generators')!.firstElementChild!).keys()];
        fresh.remove();
        return { live, fresh: other, ids };
      },
    } satisfies Page1k;
  });
}

for (const type of [undefined, 'list'] as const) {
  test(`a 1,000-child ${type ?? 'plain'} group receiving appends, inserts, removals and moves ends as a fresh render would draw it, untouched children keeping their elements`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openView(page);
    const ids = Array.from({ length: 1000 }, (_, k) => `i${k}`);
    const list: GroupParticle = {
      ...(type ? { type } : {}),
      group: ids.map((id) => [id, item(`item ${id}`)] as [string, Particle]),
    };
    await mount(page, { group: [['list', list]] });
    await install(page);
    await page.evaluate(() => (window as unknown as { page1k: Page1k }).page1k.mark());
    const script = editScript(ids, type ? 7 : 3, 90);
    const touched = new Set<string>();
    // Three transactions per view update, as when they land in one frame.
    for (let at = 0; at < script.length; at += 3) {
      const step = script.slice(at, at + 3);
      for (const { touched: t } of step) for (const id of t) touched.add(id);
      await page.evaluate(
        (batches) => (window as unknown as { page1k: Page1k }).page1k.apply(batches),
        step.map((s) => s.ops),
      );
    }
    const {
      live,
      fresh,
      ids: shown,
    } = await page.evaluate(() => (window as unknown as { page1k: Page1k }).page1k.compareFresh());
    expect(shown).toEqual(ids);
    expect(live.length).toBeGreaterThan(10_000);
    // On a difference, show where (the whole DOM text is ~1 MB).
    let at = 0;
    while (at < live.length && live[at] === fresh[at]) at += 1;
    expect(live.slice(Math.max(0, at - 200), at + 200)).toBe(fresh.slice(Math.max(0, at - 200), at + 200));
    expect(live.length).toBe(fresh.length);
    const replaced = await page.evaluate(() => (window as unknown as { page1k: Page1k }).page1k.replaced());
    expect(replaced.filter((id) => !touched.has(id))).toEqual([]);
    expect(touched.size).toBeGreaterThan(50);
  });
}
