import { BindingIndex, type DataRead } from '../../adapters/a2ui/binding-index.ts';
import { DataModel } from '../../adapters/a2ui/data-model.ts';
import { parsePointer } from '../../adapters/a2ui/json-pointer.ts';
import { DEFAULT_A2UI_LIMITS } from '../../adapters/a2ui/limits.ts';
import { ImmerDataModel } from '../anchors/immer-data-model.ts';
import { check, checkEqual } from '../harness/check.ts';
import { consume, measure, measureOptions } from '../harness/measure.ts';
import type { BenchCase } from '../harness/types.ts';

/** Items in the surface's list (each a template instance reading its name and price). */
const ITEMS = 1000;

interface Model {
  get(pointer: string): unknown;
  /** Writes; returns the changed pointers (segments). */
  change(pointer: string, value: unknown): ReadonlyArray<readonly string[]>;
}

const MODELS: Record<string, { label: string; create(): Model }> = {
  'path-tracker': {
    label: 'hand-written path tracker (adapters/a2ui/data-model.ts: writes in place, works out the changed pointer)',
    create() {
      const model = new DataModel(DEFAULT_A2UI_LIMITS);
      return { get: (p) => model.get(p), change: (p, v) => [model.set(p, v) ?? []] };
    },
  },
  immer: {
    label: 'immer produceWithPatches (anchor: the patches name the changed pointers)',
    create() {
      const model = new ImmerDataModel(DEFAULT_A2UI_LIMITS);
      return { get: (p) => model.get(p), change: (p, v) => model.set(p, v) };
    },
  },
};

/** The k-th update of the cycle: an item's field, the title, a whole item replaced. */
function update(k: number): { path: string; value: unknown } {
  const i = (k * 7919) % ITEMS;
  switch (k % 3) {
    case 0:
      return { path: `/items/${i}/name`, value: `Name ${k}` };
    case 1:
      return { path: '/title', value: `Title ${k}` };
    default:
      return { path: `/items/${i}`, value: { id: `item-${i}`, name: `Item ${k}`, price: k } };
  }
}

/**
 * One A2UI data-model update and the lookup of the component instances it affects, on a surface
 * of 1,000 template items (each bound to its item's name and price, the list to the collection's
 * shape, a heading to the title): the bridge's hand-written path tracker against immer's patches,
 * both feeding the same binding index. Issue 31 item 2: keep the faster.
 */
export const a2uiDataModelCase: BenchCase = {
  name: 'a2ui-data-model',
  description:
    'A2UI data-model update + affected-instance lookup at 1k items: hand-written path tracker vs immer patches',
  variants: Object.keys(MODELS),
  run(variant, { quick }) {
    const entry = MODELS[variant];
    if (entry === undefined) throw new Error(`unknown variant ${variant}`);
    const model = entry.create();
    model.change('', {
      title: 'Prices',
      items: Array.from({ length: ITEMS }, (_, i) => ({
        id: `item-${i}`,
        name: `Item ${i}`,
        price: i,
        tags: ['a', 'b'],
      })),
    });
    const index = new BindingIndex<string>();
    const read = (owner: string, pointer: string, shape = false) =>
      index.add(owner, { segments: parsePointer(pointer, 32), shape } satisfies DataRead);
    read('heading', '/title');
    read('list', '/items', true);
    for (let i = 0; i < ITEMS; i += 1) {
      read(`item-${i}`, `/items/${i}/name`);
      read(`item-${i}`, `/items/${i}/price`);
    }
    const step = (k: number): Set<string> => {
      const { path, value } = update(k);
      const hit = new Set<string>();
      for (const changed of model.change(path, value)) for (const owner of index.affected(changed)) hit.add(owner);
      return hit;
    };
    // Both must find the same instances and leave the same model.
    checkEqual([...step(0)].sort(), ['item-0'], `${variant}: an item's name`);
    checkEqual([...step(1)].sort(), ['heading'], `${variant}: the title`);
    checkEqual([...step(2)].sort(), ['item-' + String((2 * 7919) % ITEMS), 'list'].sort(), `${variant}: a whole item`);
    check(model.get(`/items/${(2 * 7919) % ITEMS}/price`) === 2, `${variant}: the write landed`);
    let k = 3;
    const timing = measure(() => {
      consume(step(k));
      k += 1;
    }, measureOptions(quick));
    return [
      {
        key: `update/${variant}`,
        label: `one update (an item field, the title or a whole item, in turn) + its affected instances, ${ITEMS} items: ${entry.label}`,
        value: timing.median,
        unit: 'µs' as const,
        runs: timing.runs,
        wall: timing.wallMedian,
        anchor: variant === 'path-tracker' ? 'update/immer' : undefined,
      },
    ];
  },
};
