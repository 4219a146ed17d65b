import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, ErrorCode, PROTOCOL_VERSION, createMemoryChannelPair, type InitializeResult, type Limits } from '../../shared/index.ts';
import { RendererSession } from '../../renderer/session/renderer-session.ts';
import { routeEvent } from '../../renderer/session/route-event.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, type MergedTree } from '../../renderer/tree/index.ts';
import { group, text } from './builders.ts';
import { GeneratorSession } from './generator-session.ts';

/** The real runtime session and the real renderer session over an in-memory channel, with the real tree. */
async function pair(limits: Limits = DEFAULT_LIMITS) {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const hostErrors: unknown[] = [];
  const inbound: string[] = [];
  const result: InitializeResult = { protocolVersion: PROTOCOL_VERSION, renderer: { name: 'r', version: '0' }, vocabulary: [], limits, hostContext: { theme: 'light', locale: 'en' } };
  const renderer = new RendererSession({
    channel: rendererEnd,
    limits,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => hostErrors.push(error),
    onViolation: () => undefined,
    onTraffic: (direction, text) => {
      if (direction === 'in') inbound.push(text);
    },
  });
  const generator = new GeneratorSession({ channel: generatorEnd });
  await generator.initialize();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const root = () => JSON.parse(JSON.stringify(merged.group[0]![1])) as unknown;
  const click = (path: string[], handler: string) => routeEvent(merged, { path: ['g', ...path], event: 'click', handler, payload: null }, () => renderer);
  return { generator, renderer, root, click, hostErrors, inbound, merged: () => merged };
}

describe('generator runtime ⇄ renderer session', () => {
  it('renders, updates, takes a click and re-renders; the renderer tree equals the generator tree each step', async () => {
    const p = await pair();
    let n = 0;
    let rendered: Promise<void> = Promise.resolve();
    const view = () => group(null, [['count', text(`n = ${n}`)], ['inc', group('button', [['label', text('+1')]], { on: { click: () => { n += 1; rendered = p.generator.render(view()); } } })]]);
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
    await expect(p.generator.render(group(null, [['a', text('a')], ['b', text('b')], ['c', text('c')]]))).rejects.toMatchObject({ code: ErrorCode.LimitExceeded, data: expect.objectContaining({ index: expect.any(Number) }) });
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
