import { describe, expect, it } from 'vitest';
import { data, group, text } from './builders.ts';
import { HandlerRegistry } from './handler-registry.ts';

describe('HandlerRegistry.toWire', () => {
  it('returns plain particles (no functions inside) as they are', () => {
    const registry = new HandlerRegistry();
    const tree = group('card', [
      ['t', text('hi')],
      ['d', data('https://x/y.png', 'image/png')],
    ]);
    expect(registry.toWire(tree, [])).toBe(tree);
  });

  it('keeps an unchanged subtree === across conversions (the diff skips it)', () => {
    const registry = new HandlerRegistry();
    const shared = group('list', [['a', group(null, [], { on: { click: () => 1 } })]]);
    const first = registry.toWire(
      group(null, [
        ['list', shared],
        ['t', text('1')],
      ]),
      [],
    ) as { group: Array<[string, unknown]> };
    const second = registry.toWire(
      group(null, [
        ['list', shared],
        ['t', text('2')],
      ]),
      [],
    ) as { group: Array<[string, unknown]> };
    expect(second.group[0]![1]).toBe(first.group[0]![1]);
  });

  it('gives one id per slot (path + event), whatever closure fills it', () => {
    const registry = new HandlerRegistry();
    const calls: string[] = [];
    const view = (n: number) =>
      group(null, [
        [
          'b',
          group(null, [], {
            on: { click: () => calls.push(`v${n}`), keydown: { handler: () => calls.push('key'), keys: ['Enter'] } },
          }),
        ],
      ]);
    const one = registry.toWire(view(1), []) as {
      group: Array<[string, { on: { click: { handler: string }; keydown: { handler: string; keys: string[] } } }]>;
    };
    const two = registry.toWire(view(2), []) as typeof one;
    const click = one.group[0]![1].on.click.handler;
    expect(two.group[0]![1].on.click.handler).toBe(click);
    expect(one.group[0]![1].on.keydown).toEqual({ handler: expect.any(String), keys: ['Enter'] });
    expect(one.group[0]![1].on.keydown.handler).not.toBe(click);
    registry.lookup(click)?.({ event: 'click', path: ['b'] });
    expect(calls).toEqual(['v2']);
  });

  it('ignores unknown and non-string ids, and forgets everything on clear', () => {
    const registry = new HandlerRegistry();
    const wire = registry.toWire(group(null, [], { on: { click: () => 1 } }), []) as {
      on: { click: { handler: string } };
    };
    expect(registry.lookup('constructor')).toBeUndefined();
    expect(registry.lookup({})).toBeUndefined();
    expect(registry.lookup(wire.on.click.handler)).toBeTypeOf('function');
    registry.clear();
    expect(registry.lookup(wire.on.click.handler)).toBeUndefined();
  });
});

describe('HandlerRegistry.prune', () => {
  it('forgets the handlers a tree no longer uses and keeps the ones it does', () => {
    const registry = new HandlerRegistry();
    const item = (id: string) => [id, group(null, [], { on: { click: () => id } })] as const;
    const big = registry.toWire(group(null, [item('a'), item('b'), item('c')]), []) as {
      group: Array<[string, { on: { click: { handler: string } } }]>;
    };
    const [a, b] = big.group.map(([, g]) => g.on.click.handler);
    const small = registry.toWire(group(null, [item('a')]), []);
    expect(registry.size).toBe(3);
    registry.prune(small);
    expect(registry.size).toBe(1);
    expect(registry.lookup(a)).toBeTypeOf('function');
    expect(registry.lookup(b)).toBeUndefined();
  });

  type Wired = { on?: { click: { handler: string } }; group?: Array<[string, Wired]> };
  it('a root child whose id is "" has its own path: its handlers never take another slot', () => {
    const registry = new HandlerRegistry();
    const f1 = () => 1;
    const f2 = () => 2;
    const button = (fn: () => number) => group('button', [['l', 'go']], { on: { click: fn } });
    const wire = registry.toWire(
      group(null, [
        ['a', button(f1)],
        ['', group(null, [['a', button(f2)]])],
      ]),
      [],
    ) as { group: Array<[string, Wired]> };
    const outer = wire.group[0]![1].on!.click.handler;
    const inner = wire.group[1]![1].group![0]![1].on!.click.handler;
    expect(outer).not.toBe(inner);
    expect(registry.lookup(outer)).toBe(f1);
    expect(registry.lookup(inner)).toBe(f2);
  });
});
