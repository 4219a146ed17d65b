import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, ErrorCode, PROTOCOL_VERSION, createMemoryChannelPair, opError, type InitializeResult } from '../../shared/index.ts';
import { RendererSession } from '../../renderer/session/renderer-session.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, type MergedTree } from '../../renderer/tree/index.ts';
import { GeneratorSession } from './generator-session.ts';
import type { ModelParticle } from './builders.ts';

/**
 * Pipelining end to end (docs/protocol.md §6.1): the real generator session against the real
 * renderer session and tree over a memory channel, the renderer offering a window, and refusals
 * injected into its apply by the test.
 */
async function pair(options: { window: number; refuse?: (n: number) => boolean }) {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const limits = DEFAULT_LIMITS;
  const result: InitializeResult = { protocolVersion: PROTOCOL_VERSION, renderer: { name: 'r', version: '0' }, vocabulary: [], limits, hostContext: { theme: 'light', locale: 'en' }, capabilities: { pipeline: { window: options.window } } };
  const inbound: string[] = [];
  const outbound: string[] = [];
  let applies = 0;
  const renderer = new RendererSession({
    channel: rendererEnd,
    limits,
    result,
    apply(ops) {
      applies += 1;
      if (options.refuse?.(applies) === true) return { ok: false, error: opError(ErrorCode.PolicyViolation, 'refused by the test', { index: 0, method: ops[0]!.method }) };
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: () => undefined,
    onViolation: () => undefined,
    onTraffic: (direction, text) => (direction === 'in' ? inbound : outbound).push(text),
  });
  const generator = new GeneratorSession({ channel: generatorEnd });
  // How many transactions were ever in flight at once (the generator's own record), so the
  // property can show it exercised the window and not only one transaction at a time.
  let most = 0;
  const inFlight = (generator as unknown as { inFlight: unknown[] }).inFlight;
  const push = inFlight.push.bind(inFlight);
  inFlight.push = (...items: unknown[]) => {
    const length = push(...items);
    most = Math.max(most, length);
    return length;
  };
  await generator.initialize();
  await macrotask();
  const root = () => JSON.parse(JSON.stringify(merged.group[0]![1])) as unknown;
  const acked = () => JSON.parse(JSON.stringify((generator as unknown as { acked: unknown }).acked ?? { group: [] })) as unknown;
  return { generator, renderer, root, acked, inbound, outbound, mostInFlight: () => most };
}

const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A small tree: "a" and "b" always, "c" and "d" sometimes, each a text cut from one string, so a
 * change is mostly a text append (not idempotent: applied twice, or on the wrong tree, it shows).
 */
const tree = fc
  .tuple(fc.subarray(['c', 'd']), fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 4, maxLength: 4 }))
  .map(([more, lengths]) => ({ group: ['a', 'b', ...more].map((id, i) => [id, { text: 'abcdefghijkl'.slice(0, lengths[i]) }]) }) as ModelParticle);

const step = fc.oneof(
  { weight: 6, arbitrary: tree.map((value) => ({ kind: 'render' as const, value })) },
  // A few microtasks: the flush sends the newest tree, and the renderer's answer may or may not
  // have come back yet — this is what puts several transactions in flight.
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }).map((count) => ({ kind: 'micro' as const, count })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'task' as const }) },
);

describe('pipelining: a window of unacknowledged transactions', () => {
  let inFlightMost = 0;
  it('random render streams with injected refusals: the renderer holds the acknowledged tree; render() resolves only when its tree (or a newer one) is applied and rejects only with the real error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 6 }), fc.array(step, { minLength: 1, maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 60 }), async (window, script, refusals) => {
        const refuse = (n: number) => refusals[n - 1] === true && n % 2 === 0;
        const p = await pair({ window, refuse });
        const trees: unknown[] = [];
        const outcomes: Array<Promise<void>> = [];
        for (const item of script) {
          if (item.kind === 'task') await macrotask();
          else if (item.kind === 'micro') for (let i = 0; i < item.count; i += 1) await Promise.resolve();
          else {
            const index = trees.length;
            trees.push(JSON.parse(JSON.stringify(item.value)));
            outcomes.push(
              p.generator.render(item.value).then(
                () => {
                  // Resolved: the renderer shows this tree or a newer one — never an older one.
                  const shown = p.root();
                  expect(trees.slice(index).some((wanted) => JSON.stringify(wanted) === JSON.stringify(shown)), `render ${index} resolved while the renderer showed ${JSON.stringify(shown)}`).toBe(true);
                },
                (error: { code: number }) => {
                  expect(error.code, `render ${index} rejected`).toBe(ErrorCode.PolicyViolation);
                },
              ),
            );
          }
        }
        await Promise.all(outcomes);
        inFlightMost = Math.max(inFlightMost, p.mostInFlight());
        await macrotask();
        // Nothing applied was lost or applied twice: what the renderer holds is what the
        // generator believes was acknowledged.
        expect(p.root()).toEqual(p.acked());
        const last = trees.at(-1);
        if (last !== undefined && !refusals.some(Boolean)) expect(p.root()).toEqual(last);
        p.renderer.close();
      }),
      { numRuns: 300 },
    );
    expect(inFlightMost).toBeGreaterThan(2);
  });

  it('a stream of tokens, one a task, sends one transaction per token and far fewer answers', async () => {
    const p = await pair({ window: 16 });
    await p.generator.render({ group: [['t', { text: '' }]] });
    const before = { in: p.inbound.length, out: p.outbound.length };
    let text = '';
    const renders: Array<Promise<void>> = [];
    for (let token = 0; token < 40; token += 1) {
      text += `w${token} `;
      renders.push(p.generator.render({ group: [['t', { text }]] }));
      await macrotask();
    }
    await Promise.all(renders);
    const sent = p.inbound.length - before.in;
    const answers = p.outbound.length - before.out;
    expect(sent).toBe(40);
    // One suip/ack per 16 ms or per half window (8 here), not one answer per token.
    expect(answers).toBeLessThanOrEqual(10);
    expect(p.outbound.slice(before.out).every((message) => message.includes('"suip/ack"'))).toBe(true);
    expect(p.root()).toEqual({ group: [['t', { text }]] });
  });

  it('renders after a refused one are re-diffed from the acknowledged tree; raw ops after it reject with OutOfSync', async () => {
    const p = await pair({ window: 8, refuse: (n) => n === 2 });
    await p.generator.render({ group: [['a', { text: 'x' }]] });
    const refused = p.generator.render({ group: [['a', { text: 'xy' }]] });
    // One microtask: transaction 2 is sent (and will be refused); the raw op goes out before the
    // generator can read that refusal, so the renderer refuses it as out of sync.
    await Promise.resolve();
    const raw = p.generator.ops([{ method: 'suip/ops/append', params: { path: ['a'], text: '!' } }]);
    const newer = p.generator.render({ group: [['a', { text: 'xyz' }], ['b', { text: 'b' }]] });
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.PolicyViolation });
    await expect(raw).rejects.toMatchObject({ code: ErrorCode.OutOfSync, message: expect.stringContaining('before it was refused') });
    await newer;
    expect(p.root()).toEqual({ group: [['a', { text: 'xyz' }], ['b', { text: 'b' }]] });
    expect(p.root()).toEqual(p.acked());
  });

  it('a renderer that offers no window gets one transaction in flight and an answer per transaction', async () => {
    const p = await pair({ window: 1 });
    const renders = [1, 2, 3].map((n) => p.generator.render({ group: [['n', { text: String(n) }]] }));
    await Promise.all(renders);
    expect(p.outbound.every((message) => !message.includes('suip/ack'))).toBe(true);
    expect(p.root()).toEqual({ group: [['n', { text: '3' }]] });
  });
});
