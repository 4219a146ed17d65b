import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, ErrorCode, type Limits } from '../../shared/index.ts';
import { group, text } from './builders.ts';
import { sessionPair } from './testing/session-pair.ts';

const pair = (limits?: Limits) => sessionPair({ limits });

describe('generator runtime ⇄ renderer session', () => {
  it('renders, updates, takes a click and re-renders; the renderer tree equals the generator tree each step', async () => {
    const p = await pair();
    let n = 0;
    let rendered: Promise<void> = Promise.resolve();
    const view = () =>
      group(null, [
        ['count', text(`n = ${n}`)],
        [
          'inc',
          group('button', [['label', text('+1')]], {
            on: {
              click: () => {
                n += 1;
                rendered = p.generator.render(view());
              },
            },
          }),
        ],
      ]);
    await p.generator.render(view());
    const first = p.root() as { group: Array<[string, { on?: { click: { handler: string } } }]> };
    expect(first.group[0]).toEqual(['count', { text: 'n = 0' }]);
    const handler = first.group[1]![1].on!.click.handler;
    for (let i = 1; i <= 3; i += 1) {
      expect(p.click(['inc'], handler)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await rendered;
      expect((p.root() as { group: unknown[] }).group[0]).toEqual(['count', { text: `n = ${i}` }]);
    }
    expect(p.hostErrors).toEqual([]);
  });

  it('a fast loop of renders costs few transactions and ends at the newest tree', async () => {
    const p = await pair();
    await p.generator.render(group(null, [['n', text('0')]]));
    const before = p.merged();
    const sent = p.inbound.length;
    const renders = [];
    for (let i = 1; i <= 1000; i += 1) {
      renders.push(p.generator.render(group(null, [['n', text(String(i))]])));
      if (i % 100 === 0) await Promise.resolve();
    }
    await Promise.all(renders);
    expect(p.merged()).not.toBe(before);
    expect(p.root()).toEqual({ group: [['n', { text: '1000' }]] });
    // One transaction in flight at a time: 1000 renders became a handful of messages.
    console.log(`1000 renders → ${p.inbound.length - sent} messages`);
    expect(p.inbound.length - sent).toBeLessThanOrEqual(20);
  });

  it('a rejected transaction leaves the renderer tree alone and rejects the render with code, index and path', async () => {
    const p = await pair({ ...DEFAULT_LIMITS, maxChildren: 2 });
    await p.generator.render(group(null, [['a', text('a')]]));
    const heard: number[] = [];
    p.generator.onError((error) => heard.push(error.code));
    await expect(
      p.generator.render(
        group(null, [
          ['a', text('a')],
          ['b', text('b')],
          ['c', text('c')],
        ]),
      ),
    ).rejects.toMatchObject({
      code: ErrorCode.LimitExceeded,
      data: expect.objectContaining({ index: expect.any(Number) }),
    });
    expect(p.root()).toEqual({ group: [['a', { text: 'a' }]] });
    expect(heard).toEqual([ErrorCode.LimitExceeded]);
    // The next render still works, diffed against what the renderer really has.
    await p.generator.render(group(null, [['b', text('b')]]));
    expect(p.root()).toEqual({ group: [['b', { text: 'b' }]] });
  });

  it('shutdown: the generator answers, then neither side acts', async () => {
    const p = await pair();
    await p.generator.render(group(null, [['a', text('a')]]));
    await p.renderer.shutdown(1000);
    await expect(p.generator.render(group(null, []))).rejects.toMatchObject({ code: ErrorCode.NotInitialized });
    expect(p.root()).toEqual({ group: [['a', { text: 'a' }]] });
  });
});
