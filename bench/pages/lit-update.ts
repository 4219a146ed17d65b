import { elementsDeep, textDeep } from './kit/deep-text.ts';
import { median } from './kit/stats.ts';
import {
  suipContestant,
  vanillaContestant,
  wholeTemplateContestant,
  type Contestant,
  type Edit,
  type Item,
} from './lit/contestants.ts';
import { timeUpdate } from './lit/settle.ts';

/** Case 5 contestants. */
type Kind = 'suip' | 'vanilla' | 'template';

const create = (kind: Kind, items: Item[]): Contestant =>
  kind === 'suip'
    ? suipContestant(items)
    : kind === 'vanilla'
      ? vanillaContestant(items)
      : wholeTemplateContestant(items);

async function cpuMs(): Promise<number> {
  return ((await window.benchMetrics?.())?.TaskDuration ?? Number.NaN) * 1000;
}

/** Script / layout / style-recalc parts of the main thread's time (CDP), in ms. */
async function partsMs(): Promise<Record<string, number>> {
  const m = (await window.benchMetrics?.()) ?? {};
  return {
    script: (m.ScriptDuration ?? Number.NaN) * 1000,
    layout: (m.LayoutDuration ?? Number.NaN) * 1000,
    style: (m.RecalcStyleDuration ?? Number.NaN) * 1000,
  };
}

/** Elements created (not moved) by `update`, counted with MutationObservers on every (shadow) root. */
async function recreatedBy(root: HTMLElement, update: () => void): Promise<{ added: number; recreated: number }> {
  const before = new Set(elementsDeep(root));
  let added = 0;
  let recreated = 0;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        added++;
        if (!before.has(node as Element)) recreated++;
      }
    }
  });
  for (const scope of [root, ...[...before].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))])
    observer.observe(scope, { childList: true, subtree: true });
  await timeUpdate(update);
  for (const record of observer.takeRecords())
    for (const node of record.addedNodes)
      if (node.nodeType === Node.ELEMENT_NODE && (added++, !before.has(node as Element))) recreated++;
  observer.disconnect();
  return { added, recreated };
}

/** Case 5: the cost of each kind of edit on a list of `particles` particles, one contestant. */
async function litUpdate({
  kind,
  particles,
  repeats,
}: {
  kind: Kind;
  particles: number;
  repeats: number;
}): Promise<unknown> {
  const model: Item[] = Array.from({ length: Math.floor(particles / 2) }, (_, k) => ({
    id: `i${k}`,
    text: `item ${k}`,
  }));
  const contestant = create(
    kind,
    model.map((it) => ({ ...it })),
  );
  document.body.append(contestant.root);
  await timeUpdate(() => undefined);
  const index = (id: string): number => model.findIndex((it) => it.id === id);
  const mirror = (edit: Edit): void => {
    if (edit.kind === 'token') model[index(edit.id)]!.text += edit.text;
    else if (edit.kind === 'insert') model.splice(index(edit.before), 0, { ...edit.item });
    else if (edit.kind === 'remove') model.splice(index(edit.id), 1);
    else if (edit.kind === 'swap') {
      const [i, j] = [index(edit.a), index(edit.b)];
      [model[i], model[j]] = [model[j]!, model[i]!];
    } else model[index(edit.item.id)] = { ...edit.item };
  };
  const run = (edit: Edit): Promise<number> => {
    mirror(edit);
    return timeUpdate(() => contestant.apply(edit));
  };
  const wall: Record<string, number[]> = { token: [], insert: [], remove: [], swap: [], replace: [] };
  const cpu: Record<string, number> = {};
  const parts: Record<string, Record<string, number>> = {};
  // CPU time of this page's main thread (CDP TaskDuration in thread ticks) over each series: a
  // loaded 2-core machine stretches wall time, CPU time much less.
  const series = async (name: string, edits: Array<() => Edit>): Promise<void> => {
    const before = await cpuMs();
    const partsBefore = await partsMs();
    for (const next of edits) wall[name]!.push(await run(next()));
    const partsAfter = await partsMs();
    cpu[name] = ((await cpuMs()) - before) / edits.length;
    parts[name] = Object.fromEntries(
      Object.keys(partsAfter).map((k) => [k, (partsAfter[k]! - partsBefore[k]!) / edits.length]),
    );
  };
  const middle = (): Item => model[model.length >> 1]!;
  const times = (count: number, make: (r: number) => Edit): Array<() => Edit> =>
    Array.from({ length: count }, (_, r) => () => make(r));
  await series(
    'token',
    times(repeats, (r) => ({ kind: 'token', id: middle().id, text: ` w${r}` })),
  );
  await series(
    'insert',
    times(repeats, (r) => ({ kind: 'insert', item: { id: `n${r}`, text: `new ${r}` }, before: middle().id })),
  );
  await series(
    'remove',
    times(repeats, (r) => ({ kind: 'remove', id: `n${r}` })),
  );
  const swap = (): Edit => ({
    kind: 'swap',
    a: model[1]!.id,
    aNext: model[2]!.id,
    b: model[model.length - 2]!.id,
    bNext: model[model.length - 1]!.id,
  });
  const first = swap();
  mirror(first);
  const moves = await recreatedBy(contestant.root, () => contestant.apply(first));
  await series('swap', times(repeats, swap));
  await series(
    'replace',
    times(repeats, (r) => ({ kind: 'replace', item: { id: middle().id, text: `replaced ${r}` } })),
  );
  const shown = textDeep(contestant.root);
  const expected = model
    .map((it) => it.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  contestant.root.remove();
  return {
    kind,
    particles,
    cpuMs: cpu,
    partsMs: parts,
    wallMs: Object.fromEntries(Object.entries(wall).map(([name, values]) => [name, median(values)])),
    swapAdded: moves.added,
    swapRecreated: moves.recreated,
    correct: shown === expected,
    ...(shown === expected ? {} : { problem: `shown "${shown.slice(0, 80)}" expected "${expected.slice(0, 80)}"` }),
  };
}

/** Case 7 (view side): the cost of one streamed token on a paragraph of each length. */
async function textCost({
  kind,
  lengths,
  repeats,
}: {
  kind: Kind;
  lengths: number[];
  repeats: number;
}): Promise<unknown> {
  const out: Record<number, number> = {};
  let correct = true;
  for (const length of lengths) {
    const base = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(length / 27)).slice(0, length);
    const contestant = create(kind, [{ id: 'p', text: base }]);
    document.body.append(contestant.root);
    await timeUpdate(() => undefined);
    let text = base;
    const before = await cpuMs();
    for (let r = 0; r < repeats; r++) {
      const token = ` w${r}`;
      text += token;
      await timeUpdate(() => contestant.apply({ kind: 'token', id: 'p', text: token }));
    }
    out[length] = ((await cpuMs()) - before) / repeats;
    correct &&= textDeep(contestant.root) === text.replace(/\s+/g, ' ').trim();
    contestant.root.remove();
  }
  return { kind, cpuMsPerToken: out, correct };
}

declare global {
  interface Window {
    bench: Record<string, (params: never) => Promise<unknown>>;
  }
}

window.bench = {
  ...window.bench,
  litUpdate: litUpdate as (params: never) => Promise<unknown>,
  textCost: textCost as (params: never) => Promise<unknown>,
};
