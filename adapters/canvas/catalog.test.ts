import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suipPipeline } from '../a2ui/testing/pipeline.ts';
import { BUILTIN_TYPES, mapComponent } from './catalog.ts';
import { SAMPLES } from './testing/samples.ts';

const context = (actions: unknown[] = []) => ({
  id: 'c',
  emit: (action: string, payload: Record<string, unknown>) => void actions.push({ action, payload }),
});

describe('the built-in catalog', () => {
  it('has the 33 types the seed lists (it says 34), each with a sample', () => {
    expect(BUILTIN_TYPES).toHaveLength(33);
    expect(Object.keys(SAMPLES).sort()).toEqual([...BUILTIN_TYPES].sort());
  });

  for (const type of Object.keys(SAMPLES)) {
    it(`${type}: renders through the real suip pipeline with zero vocabulary errors and matches its golden tree`, async () => {
      const p = await suipPipeline();
      await p.generator.render(mapComponent(type, SAMPLES[type]!, context()));
      expect(p.violations).toEqual([]);
      await expect(`${JSON.stringify(p.root(), null, 1)}\n`).toMatchFileSnapshot(`./golden/${type}.json`);
    });
  }

  it('an unknown type is a visible note naming it, never nothing', async () => {
    const p = await suipPipeline();
    await p.generator.render(mapComponent('sankey', {}, context()));
    expect(p.violations).toEqual([]);
    expect(JSON.stringify(p.root())).toContain('Unknown component type \\"sankey\\"');
  });

  it('hostile data (any JSON) never throws and never breaks the vocabulary, for every type', async () => {
    const p = await suipPipeline();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BUILTIN_TYPES, 'template'),
        fc.dictionary(
          fc.constantFrom(
            'title',
            'text',
            'items',
            'rows',
            'headers',
            'value',
            'max',
            'labels',
            'datasets',
            'slices',
            'fields',
            'actions',
            'buttons',
            'chips',
            'sections',
            'tabs',
            'src',
            'url',
            'days',
            'active',
            'label',
            'tpl',
            'severity',
            'color',
            'type',
          ),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        async (type, data) => {
          await p.generator.render(mapComponent(type, data as Record<string, unknown>, context()));
          expect(p.violations).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('interactive types report to the agent as widget actions', async () => {
    const actions: unknown[] = [];
    const p = await suipPipeline();
    await p.generator.render({
      group: [
        ['b', mapComponent('buttons', SAMPLES.buttons!, context(actions))],
        ['t', mapComponent('toggle', SAMPLES.toggle!, context(actions))],
      ],
    });
    const tree = p.root() as {
      group: Array<
        [
          string,
          {
            group: Array<[string, { group: Array<[string, { on?: { click?: { handler: string } } }]> }]>;
            on?: { change?: { handler: string } };
          },
        ]
      >;
    };
    const approve = tree.group[0]![1].group.find(([id]) => id === 'buttons')![1].group[0]!;
    p.fire(['b', 'buttons', approve[0]], 'click', approve[1].on!.click!.handler, null);
    p.fire(['t'], 'change', tree.group[1]![1].on!.change!.handler, { checked: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actions).toEqual([
      { action: 'approve', payload: {} },
      { action: 'toggle', payload: { checked: false } },
    ]);
  });

  it('templates (type "template", data.tpl) expand into built-ins', async () => {
    const p = await suipPipeline();
    await p.generator.render(
      mapComponent(
        'template',
        {
          tpl: 'dashboard',
          title: 'Ops',
          subtitle: 'today',
          stats: SAMPLES.stats!.items,
          gauges: [SAMPLES.gauge],
          alert: SAMPLES.alert,
        },
        context(),
      ),
    );
    expect(p.violations).toEqual([]);
    const text = JSON.stringify(p.root());
    for (const word of ['Ops', 'Uptime', 'CPU (%)', 'Storm warning']) expect(text).toContain(word);
  });
});
