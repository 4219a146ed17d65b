import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, ErrorCode, PROTOCOL_VERSION, createMemoryChannelPair, type InitializeResult, type Limits } from '../../shared/index.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, type MergedTree } from '../tree/index.ts';
import { PIPELINE_WINDOW, RendererSession } from './renderer-session.ts';

/** The renderer session with pipelining offered, the generator end scripted by the test (docs/protocol.md §6.1). */
function setup(options: { offer?: number; ask?: number; limits?: Limits } = {}) {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const [rendererEnd, generatorEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const received: Array<Record<string, unknown>> = [];
  generatorEnd.onMessage((text) => received.push(JSON.parse(text as string) as Record<string, unknown>));
  const errors: Array<{ code: number }> = [];
  const violations: string[] = [];
  const result: InitializeResult = {
    protocolVersion: PROTOCOL_VERSION,
    renderer: { name: 'test', version: '0' },
    vocabulary: [],
    limits,
    hostContext: { theme: 'light', locale: 'en' },
    ...(options.offer !== undefined ? { capabilities: { pipeline: { window: options.offer } } } : {}),
  };
  const session = new RendererSession({
    channel: rendererEnd,
    limits,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => errors.push(error),
    onViolation: (reason) => violations.push(reason),
  });
  const capabilities = options.ask !== undefined ? { pipeline: { window: options.ask } } : {};
  const send = (message: unknown) => generatorEnd.send(typeof message === 'string' ? message : JSON.stringify(message));
  const ready = async () => {
    send({ jsonrpc: '2.0', id: 'init', method: 'suip/initialize', params: { protocolVersion: PROTOCOL_VERSION, generator: { name: 'g', version: '1' }, capabilities } });
    send({ jsonrpc: '2.0', method: 'suip/initialized', params: {} });
    await microtasks();
    received.length = 0;
  };
  return { session, send, ready, received, errors, violations, tree: () => merged.group[0]![1] };
}

const microtasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const append = (id: string, text: string, rpcId: number) => ({ jsonrpc: '2.0', method: 'suip/ops/append', params: { path: [], id, particle: { text } }, id: rpcId });
const grow = (id: string, text: string, rpcId: number) => ({ jsonrpc: '2.0', method: 'suip/ops/append', params: { path: [id], text }, id: rpcId });

describe('RendererSession pipelining (suip/ack, suip/resync)', () => {
  it('without the capability on both ends, every transaction is answered alone, as in 1.0', async () => {
    for (const [offer, ask] of [[undefined, 8], [8, undefined], [8, 1]] as const) {
      const t = setup({ offer, ask });
      await t.ready();
      t.send(append('a', 'x', 10));
      t.send(grow('a', 'y', 11));
      await microtasks();
      expect(t.received).toEqual([
        { jsonrpc: '2.0', id: 10, result: {} },
        { jsonrpc: '2.0', id: 11, result: {} },
      ]);
    }
  });

  it('applies each transaction at once; a lone one is answered at once, a stream by one suip/ack for all that came within the interval', async () => {
    const t = setup({ offer: PIPELINE_WINDOW, ask: 64 });
    await t.ready();
    t.send(append('a', 'x', 10));
    await microtasks();
    // A lone transaction: applied and answered in the task that received it.
    expect(t.tree()).toEqual({ group: [['a', { text: 'x' }]] });
    expect(t.received).toEqual([{ jsonrpc: '2.0', method: 'suip/ack', params: { through: 10 } }]);
    t.send(grow('a', 'y', 11));
    t.send(grow('a', 'z', 12));
    await microtasks();
    // Applied at once, answered later: within 16 ms of the last suip/ack.
    expect(t.tree()).toEqual({ group: [['a', { text: 'xyz' }]] });
    expect(t.received).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(t.received).toEqual([
      { jsonrpc: '2.0', method: 'suip/ack', params: { through: 10 } },
      { jsonrpc: '2.0', method: 'suip/ack', params: { through: 12 } },
    ]);
  });

  it('sends the ack at once when half the window is due', async () => {
    const t = setup({ offer: 4, ask: 4 });
    await t.ready();
    t.send(append('a', 'x', 1));
    t.send(grow('a', 'y', 2));
    t.send(grow('a', 'z', 3));
    await microtasks();
    expect(t.received).toEqual([
      { jsonrpc: '2.0', method: 'suip/ack', params: { through: 1 } },
      { jsonrpc: '2.0', method: 'suip/ack', params: { through: 3 } },
    ]);
  });

  it('a refusal is answered at once, after the ack of what was applied before it; later transactions are refused with OutOfSync until suip/resync', async () => {
    const t = setup({ offer: 16, ask: 16 });
    await t.ready();
    t.send(append('a', 'x', 1));
    t.send(append('a', 'again', 2)); // IdExists: refused
    t.send(grow('a', 'y', 3)); // diffed against the refused tree
    await microtasks();
    expect(t.received[0]).toEqual({ jsonrpc: '2.0', method: 'suip/ack', params: { through: 1 } });
    expect(t.received[1]).toMatchObject({ id: 2, error: { code: ErrorCode.IdExists } });
    expect(t.received[2]).toMatchObject({ id: 3, error: { code: ErrorCode.OutOfSync, message: expect.stringContaining('send suip/resync {"id": 2}') } });
    expect(t.tree()).toEqual({ group: [['a', { text: 'x' }]] });
    // The host heard the refusal once, not its consequences.
    expect(t.errors.map((error) => error.code)).toEqual([ErrorCode.IdExists]);
    t.send({ jsonrpc: '2.0', method: 'suip/resync', params: { id: 3 } });
    await microtasks();
    expect(t.received[3]).toMatchObject({ method: 'suip/error', params: { code: ErrorCode.InvalidParams, message: expect.stringContaining('the refused transaction is 2, not 3') } });
    t.send({ jsonrpc: '2.0', method: 'suip/resync', params: { id: 2 } });
    t.send(grow('a', 'z', 4));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(t.tree()).toEqual({ group: [['a', { text: 'xz' }]] });
    expect(t.received.at(-1)).toEqual({ jsonrpc: '2.0', method: 'suip/ack', params: { through: 4 } });
  });

  it('an unreadable message counts as a refused transaction named null', async () => {
    const t = setup({ offer: 16, ask: 16 });
    await t.ready();
    t.send('{"jsonrpc": "2.0", "method": "suip/ops/ap');
    t.send(append('a', 'x', 5));
    await microtasks();
    expect(t.received[0]).toMatchObject({ id: null, error: { code: ErrorCode.ParseError } });
    expect(t.received[1]).toMatchObject({ id: 5, error: { code: ErrorCode.OutOfSync } });
    t.send({ jsonrpc: '2.0', method: 'suip/resync', params: { id: null } });
    t.send(append('a', 'x', 6));
    await microtasks();
    expect(t.tree()).toEqual({ group: [['a', { text: 'x' }]] });
  });

  it('suip/resync is refused without the capability, without a refusal, and with malformed params', async () => {
    const plain = setup();
    await plain.ready();
    plain.send({ jsonrpc: '2.0', id: 9, method: 'suip/resync', params: { id: 1 } });
    await microtasks();
    expect(plain.received[0]).toMatchObject({ id: 9, error: { code: ErrorCode.MethodNotFound, message: expect.stringContaining('"pipeline" capability') } });
    const t = setup({ offer: 16, ask: 16 });
    await t.ready();
    t.send({ jsonrpc: '2.0', id: 9, method: 'suip/resync', params: { id: 1 } });
    t.send({ jsonrpc: '2.0', id: 10, method: 'suip/resync', params: { id: { toString: 1 } } });
    await microtasks();
    expect(t.received[0]).toMatchObject({ id: 9, error: { code: ErrorCode.InvalidRequest, message: expect.stringContaining('no transaction is refused') } });
    expect(t.received[1]).toMatchObject({ id: 10, error: { code: ErrorCode.InvalidParams } });
  });

  it('a window outside 1–64 is refused at initialize with the path that is wrong', async () => {
    const t = setup({ offer: 16, ask: 1000 });
    t.send({ jsonrpc: '2.0', id: 'init', method: 'suip/initialize', params: { protocolVersion: PROTOCOL_VERSION, generator: { name: 'g', version: '1' }, capabilities: { pipeline: { window: 1000 } } } });
    await microtasks();
    expect(t.received[0]).toMatchObject({ id: 'init', error: { code: ErrorCode.InvalidParams, message: expect.stringContaining('/capabilities/pipeline/window') } });
  });

  it('a flood that announces a window gets no more than without one: the rate budget, and one bounded ack', async () => {
    const limits = { ...DEFAULT_LIMITS, maxMessagesPerSecond: 50 };
    const t = setup({ offer: 64, ask: 64, limits });
    await t.ready();
    t.send(append('a', '', 1));
    for (let i = 2; i < 200; i += 1) t.send(grow('a', 'x', i));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(t.violations.length).toBeGreaterThan(0);
    // One id per ack message, however many transactions it answers.
    const acks = t.received.filter((message) => message.method === 'suip/ack');
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) expect(JSON.stringify(ack).length).toBeLessThan(64);
    expect(t.received.filter((message) => message.id !== undefined)).toEqual([]);
  });

  it('shutdown acknowledges what was applied before asking', async () => {
    const t = setup({ offer: 16, ask: 16 });
    await t.ready();
    t.send(append('a', 'x', 1));
    t.send(grow('a', 'y', 2));
    await microtasks();
    expect(t.received).toEqual([{ jsonrpc: '2.0', method: 'suip/ack', params: { through: 1 } }]);
    void t.session.shutdown(10);
    await microtasks();
    expect(t.received[1]).toEqual({ jsonrpc: '2.0', method: 'suip/ack', params: { through: 2 } });
    expect(t.received[2]).toMatchObject({ method: 'suip/shutdown' });
  });
});
