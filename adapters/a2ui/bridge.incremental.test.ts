import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelGroup } from '../../generator/kit.ts';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID } from '../../shared/neighbours/a2ui/messages.ts';
import { componentsArb, modelArb, updateArb } from './testing/arbitraries.ts';
import { suipPipeline } from './testing/pipeline.ts';

const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } };

/** The tree with handler functions named instead of compared (closures differ between translations). */
function comparable(tree: unknown): unknown {
  return JSON.parse(
    JSON.stringify(tree, (_key, value: unknown) => (typeof value === 'function' ? 'fn' : value)),
  ) as unknown;
}

/** A fresh bridge fed every message at once: its translation is a whole one. */
function whole(messages: unknown[]) {
  const bridge = new A2uiBridge({ send: () => undefined, openUrl: () => undefined });
  for (const message of messages) bridge.receive(message);
  return bridge.translate('s');
}

describe('a data-model change re-translates only what is bound to it', () => {
  it(
    'property: after any sequence of updates the kept translation equals a ' +
      'whole translation (tree, issues, origins)',
    () => {
      fc.assert(
        fc.property(
          componentsArb,
          modelArb,
          fc.array(updateArb, { minLength: 1, maxLength: 8 }),
          (components, data, updates) => {
            const messages: unknown[] = [
              create,
              { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
              { version: 'v0.9', updateDataModel: { surfaceId: 's', value: data } },
            ];
            const live = new A2uiBridge({ send: () => undefined, openUrl: () => undefined });
            for (const message of messages) live.receive(message);
            live.translate('s');
            for (const update of updates) {
              const message = {
                version: 'v0.9',
                updateDataModel: {
                  surfaceId: 's',
                  path: update.path,
                  ...(update.value === undefined ? {} : { value: update.value }),
                },
              };
              messages.push(message);
              live.receive(message);
              const kept = live.translate('s');
              const fresh = whole(messages);
              expect(comparable(kept.root)).toEqual(comparable(fresh.root));
              expect(kept.issues).toEqual(fresh.issues);
              expect([...kept.origins].sort()).toEqual([...fresh.origins].sort());
            }
          },
        ),
        { numRuns: 1000 },
      );
    },
  );

  it('a bound leaf refreshed in place follows what it reads now and the issues it has now', () => {
    // The leaf fast path keeps the instance (and its index entries) when it read the same
    // pointers again; a leaf whose reads or issues follow the data must still equal a whole translation.
    const components = [
      { id: 'root', component: 'Column', children: ['t', 'n'] },
      // A template taken from the data: what it interpolates is read only once the template says so.
      { id: 't', component: 'Text', text: { call: 'formatString', args: { value: { path: '/tpl' } } } },
      // The same from the data, calling a function no catalog has: an issue while it lasts, none after.
      { id: 'n', component: 'Text', text: { call: 'formatString', args: { value: { path: '/n' } } } },
    ];
    const messages: unknown[] = [
      create,
      { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
      { version: 'v0.9', updateDataModel: { surfaceId: 's', value: { tpl: 'plain', n: 'ok', a: 'A', b: 'B' } } },
    ];
    const live = new A2uiBridge({ send: () => undefined, openUrl: () => undefined });
    for (const message of messages) live.receive(message);
    live.translate('s');
    // [pointer, value, the instance re-translated (none: nothing reads the pointer any more)]
    const steps: Array<[string, unknown, string | undefined]> = [
      ['/tpl', 'x ${/a} y', 't'],
      ['/a', 'A2', 't'],
      ['/tpl', 'x ${/b} y', 't'],
      ['/a', 'A3', undefined],
      ['/b', 'B2', 't'],
      ['/tpl', 'plain again', 't'],
      ['/b', 'B3', undefined],
      ['/n', 'x ${nope()} y', 'n'],
      ['/n', 'y ${nope()}', 'n'],
      ['/n', 'fine', 'n'],
    ];
    for (const [path, value, retranslated] of steps) {
      const message = { version: 'v0.9', updateDataModel: { surfaceId: 's', path, value } };
      messages.push(message);
      live.receive(message);
      const kept = live.translateChange('s');
      expect(kept.change?.path).toEqual(retranslated === undefined ? undefined : ['root', retranslated]);
      const fresh = whole(messages);
      expect(comparable(kept.translation.root)).toEqual(comparable(fresh.root));
      expect(kept.translation.issues).toEqual(fresh.issues);
    }
    expect(JSON.stringify(live.translate('s').root)).toContain('"fine"');
  });

  it(
    'a change at one bound path rebuilds only that path: every other ' +
      'subtree is the same object, and the renderer gets one op',
    async () => {
      const rows = Array.from({ length: 50 }, (_, i) => ({
        id: `row-${i}`,
        component: 'Text',
        text: { path: `/rows/${i}` },
      }));
      const bridge = new A2uiBridge({ send: () => undefined });
      bridge.receive(create);
      bridge.receive({
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['title', ...rows.map((r) => r.id)] },
            { id: 'title', component: 'Text', text: { path: '/title' } },
            ...rows,
          ],
        },
      });
      bridge.receive({
        version: 'v0.9',
        updateDataModel: { surfaceId: 's', value: { title: 'Before', rows: rows.map((_, i) => `Row ${i}`) } },
      });
      const p = await suipPipeline();
      const before = bridge.translate('s').root as ModelGroup;
      await p.generator.render({ group: [['s', before]] });
      const opsBefore = p.inbound.length;
      bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/rows/7', value: 'Row seven' } });
      const after = bridge.translate('s').root as ModelGroup;
      expect(after).not.toBe(before);
      const changed = after.group.filter((entry, i) => entry[1] !== before.group[i]![1]).map(([id]) => id);
      expect(changed).toEqual(['row-7']);
      await p.generator.render({ group: [['s', after]] });
      const sent = p.inbound
        .slice(opsBefore)
        .map((text) => JSON.parse(text) as { method?: string; params?: { path?: string[] } });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.params!.path).toEqual(['s', 'row-7']);
      expect(p.violations).toEqual([]);
      // A change nothing reads leaves the tree as it was.
      bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/unused', value: 1 } });
      expect(bridge.translate('s').root).toBe(after);
    },
  );

  it('a change inside one template item re-translates that item only; adding an item re-translates the list', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    bridge.receive(create);
    bridge.receive({
      version: 'v0.9',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
          { id: 'item', component: 'Text', text: { path: 'name' } },
        ],
      },
    });
    bridge.receive({
      version: 'v0.9',
      updateDataModel: {
        surfaceId: 's',
        value: {
          items: [
            { id: 'a', name: 'A' },
            { id: 'b', name: 'B' },
            { id: 'c', name: 'C' },
          ],
        },
      },
    });
    const list = () => bridge.translate('s').root as ModelGroup;
    const before = list();
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/items/1/name', value: 'Bee' } });
    const after = list();
    expect(after.group.filter((entry, i) => entry[1] !== before.group[i]![1]).map(([id]) => id)).toEqual(['k-b']);
    expect(comparable(after)).toEqual(
      comparable(
        whole([
          create,
          {
            version: 'v0.9',
            updateComponents: {
              surfaceId: 's',
              components: [
                { id: 'root', component: 'List', children: { componentId: 'item', path: '/items' } },
                { id: 'item', component: 'Text', text: { path: 'name' } },
              ],
            },
          },
          {
            version: 'v0.9',
            updateDataModel: {
              surfaceId: 's',
              value: {
                items: [
                  { id: 'a', name: 'A' },
                  { id: 'b', name: 'Bee' },
                  { id: 'c', name: 'C' },
                ],
              },
            },
          },
        ]).root,
      ),
    );
    bridge.receive({
      version: 'v0.9',
      updateDataModel: { surfaceId: 's', path: '/items/-', value: { id: 'd', name: 'D' } },
    });
    expect(list().group.map(([id]) => id)).toEqual(['k-a', 'k-b', 'k-c', 'k-d']);
    // Removing an item shifts the later ones: the list is translated again.
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/items/0' } });
    expect(list().group.map(([id]) => id)).toEqual(['k-b', 'k-c', 'k-d']);
  });

  it('removing an array item re-translates what an absolute path read from the items after it (they shift)', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    bridge.receive(create);
    bridge.receive({
      version: 'v0.9',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['second'] },
          { id: 'second', component: 'Text', text: { path: '/items/1' } },
        ],
      },
    });
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', value: { items: ['A', 'B', 'C'] } } });
    const text = () => JSON.stringify(bridge.translate('s').root);
    expect(text()).toContain('"B"');
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/items/0' } });
    expect(text()).toContain('"C"');
    // An item appended with "-" lands at its index: a Text bound there shows it.
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/items/0' } });
    bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/items/-', value: 'D' } });
    expect(text()).toContain('"D"');
  });
});
