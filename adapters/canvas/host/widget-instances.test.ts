import { describe, expect, it } from 'vitest';
import type { AttachOptions, GeneratorHandle } from '../../../renderer/renderer-types.ts';
import type { CanvasOp, WidgetAction } from '../../../shared/neighbours/canvas/ops.ts';
import { applyOp, emptyCanvas } from '../state.ts';
import { syncInstances } from './instance-sync.ts';
import type { CanvasProblem } from './problem.ts';
import { WidgetInstances } from './widget-instances.ts';

/** A renderer whose `attach` starts a recorded fake program (`fail` makes the next attach reject). */
function fakeRenderer() {
  const attached: Array<{ options: AttachOptions; inputs: unknown[][]; output?: (c: string, v: unknown) => void }> = [];
  const detached: string[] = [];
  const kept: string[] = [];
  let fail: string | undefined;
  return {
    attached,
    detached,
    kept,
    failNext: (message: string) => (fail = message),
    renderer: {
      attach(options: AttachOptions): Promise<GeneratorHandle> {
        if (fail !== undefined) {
          const error = new Error(fail);
          fail = undefined;
          return Promise.reject(error);
        }
        const entry: (typeof attached)[number] = { options, inputs: [] };
        attached.push(entry);
        return Promise.resolve({
          id: options.id!,
          status: 'ready',
          kind: 'sandbox',
          detach: (o?: { keep?: boolean }) => (o?.keep ? kept.push(options.id!) : undefined, Promise.resolve()),
          input: (channel: string, value: unknown) => void entry.inputs.push([channel, value]),
          onOutput: (listener: (c: string, v: unknown) => void) => ((entry.output = listener), () => undefined),
        } as unknown as GeneratorHandle);
      },
      detach: (id: string) => (detached.push(id), Promise.resolve()),
    },
  };
}

function setup(maxInstances = 2) {
  const fake = fakeRenderer();
  const problems: CanvasProblem[] = [];
  const actions: WidgetAction[] = [];
  let changes = 0;
  const instances = new WidgetInstances({
    renderer: fake.renderer,
    canvasId: 'cv',
    maxInstances,
    report: (p) => problems.push(p),
    onAction: (a) => actions.push(a),
    changed: () => (changes += 1),
  });
  const state = emptyCanvas();
  const run = (op: CanvasOp) => {
    applyOp(state, op);
    syncInstances(op, state, instances, (p) => problems.push(p));
  };
  return { fake, problems, actions, instances, state, run, changes: () => changes };
}

const DEFINE: CanvasOp = { op: 'define', id: 'counter', component: { html: '<div>{{n}}</div>' } };

describe('WidgetInstances with syncInstances', () => {
  it('starts one instance per custom component, feeds it patches and replaces, stops it on remove', async () => {
    const { fake, instances, run } = setup();
    run(DEFINE);
    run({ op: 'upsert', id: 'a', type: 'counter', data: { n: 1 } });
    await instances.started();
    expect(fake.attached.map((a) => [a.options.id, a.options.slotOf])).toEqual([['cv~w1', 'cv']]);
    run({ op: 'patch', id: 'a', data: { n: 2 } });
    run({ op: 'upsert', id: 'a', type: 'counter', data: { n: 3 } });
    await instances.started();
    await Promise.resolve();
    expect(fake.attached[0]!.inputs).toEqual([
      ['patch', { n: 2 }],
      ['replace', { n: 3 }],
    ]);
    run({ op: 'remove', id: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.detached).toEqual(['cv~w1']);
    expect(instances.get('a')).toBeUndefined();
  });

  it('refuses an instance past maxInstances with the limit named, and restarts instances on a new define', async () => {
    const { problems, instances, run } = setup(1);
    run(DEFINE);
    run({ op: 'upsert', id: 'a', type: 'counter', data: {} });
    run({ op: 'upsert', id: 'b', type: 'counter', data: {} });
    expect(problems).toEqual([
      { op: 'upsert', id: 'b', message: 'upsert b: 1 custom widgets run already (limit maxInstances)' },
    ]);
    run(DEFINE);
    await instances.started();
    expect(instances.get('a')?.mount).toBe('cv~w2');
  });

  it('freezes instances of an undefined type, and an upsert of a built-in type stops the widget', async () => {
    const { fake, instances, run } = setup();
    run(DEFINE);
    run({ op: 'upsert', id: 'a', type: 'counter', data: {} });
    run({ op: 'upsert', id: 'b', type: 'counter', data: {} });
    run({ op: 'undefine', id: 'counter' });
    await instances.started();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.kept.sort()).toEqual(['cv~w1', 'cv~w2']);
    expect(instances.get('a')?.frozen).toBe(true);
    run({ op: 'upsert', id: 'a', type: 'kv', data: {} });
    expect(instances.get('a')).toBeUndefined();
  });

  it('passes on actions and errors from a widget, bounded, and reports one that did not start', async () => {
    const { fake, problems, actions, instances, run, changes } = setup();
    run(DEFINE);
    run({ op: 'upsert', id: 'a', type: 'counter', data: {} });
    await instances.started();
    const output = fake.attached[0]!.output!;
    output('widget-action', { action: 'x'.repeat(100), payload: [1] });
    output('widget-action', { action: 'go', payload: { k: 1 } });
    output('widget-action', { payload: {} });
    output('widget-error', { message: 'e'.repeat(600) });
    expect(actions).toEqual([
      { type: 'widget-action', id: 'a', action: 'x'.repeat(64), payload: {} },
      { type: 'widget-action', id: 'a', action: 'go', payload: { k: 1 } },
    ]);
    expect(problems).toEqual([{ id: 'a', message: 'e'.repeat(500), widget: 'error' }]);
    fake.failNext('no frame');
    run({ op: 'upsert', id: 'b', type: 'counter', data: {} });
    await instances.started();
    expect(problems[1]).toEqual({ id: 'b', message: 'widget b did not start: no frame', widget: 'not-started' });
    expect(instances.get('b')?.failed).toBe('no frame');
    expect(changes()).toBe(1);
  });

  it('marks a live instance stopped when its program errors or ends, naming why', async () => {
    const { problems, instances, run, changes } = setup();
    run(DEFINE);
    run({ op: 'upsert', id: 'a', type: 'counter', data: {} });
    await instances.started();
    instances.noteStatus({ generatorId: 'cv~w1', status: 'ready' } as never);
    instances.noteStatus({ generatorId: 'other', status: 'error' } as never);
    expect(problems).toEqual([]);
    instances.noteStatus({ generatorId: 'cv~w1', status: 'error', reason: 'watchdog', message: 'spun' } as never);
    expect(problems).toEqual([{ id: 'a', message: 'widget a stopped (watchdog: spun)', widget: 'stopped' }]);
    expect(instances.get('a')?.failed).toBe('watchdog: spun');
    expect(changes()).toBe(1);
  });

  it('reports an upsert of a type whose define was refused as broken-type', () => {
    const { problems, run, state, instances } = setup();
    expect(() => run({ op: 'define', id: 'bad', component: { html: '<div>{{' } })).toThrow();
    run({ op: 'upsert', id: 'x', type: 'bad', data: {} });
    expect(state.broken.has('bad')).toBe(true);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ op: 'upsert', id: 'x', widget: 'broken-type' });
    expect(problems[0]!.message).toMatch(
      /^widget x cannot run: its type "bad" was defined, but the define was refused \(/,
    );
    expect(instances.get('x')).toBeUndefined();
  });
});
