import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LIMITS,
  ErrorCode,
  PROTOCOL_VERSION,
  createMemoryChannelPair,
  type Channel,
  type InitializeResult,
  type Limits,
} from '../../shared/index.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, type MergedTree } from '../tree/index.ts';
import { RendererSession } from './renderer-session.ts';

const RESULT: InitializeResult = {
  protocolVersion: PROTOCOL_VERSION,
  renderer: { name: 'test', version: '0' },
  vocabulary: [],
  limits: DEFAULT_LIMITS,
  hostContext: { theme: 'light', locale: 'en' },
};
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'suip/initialize',
  params: { protocolVersion: PROTOCOL_VERSION, generator: { name: 'g', version: '1' }, capabilities: {} },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'suip/initialized', params: {} };

/** A renderer session over a memory channel, with the generator end scripted by the test. */
function setup(limits: Limits = DEFAULT_LIMITS) {
  const [rendererEnd, generatorEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const received: unknown[] = [];
  generatorEnd.onMessage((text) => received.push(JSON.parse(text as string)));
  const errors: unknown[] = [];
  const violations: string[] = [];
  const initialized = vi.fn();
  const session = new RendererSession({
    channel: rendererEnd,
    limits,
    result: RESULT,
    apply(ops) {
      const result = applyGeneratorTransaction(merged, 'g', ops, { limits });
      if (result.ok) merged = result.tree;
      return result;
    },
    onInitialized: initialized,
    onError: (error) => errors.push(error),
    onViolation: (reason) => violations.push(reason),
  });
  const send = async (message: unknown, channel: Channel = generatorEnd) => {
    channel.send(typeof message === 'string' ? message : JSON.stringify(message));
    await flush();
  };
  return { session, send, received, errors, violations, initialized, tree: () => merged.group[0]![1] };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const append = (id: string, text: string, path: string[] = [], rpcId?: number) => ({
  jsonrpc: '2.0',
  method: 'suip/ops/append',
  params: { path, id, particle: { text } },
  ...(rpcId !== undefined ? { id: rpcId } : {}),
});

async function ready(t: ReturnType<typeof setup>): Promise<void> {
  await t.send(INIT);
  await t.send(INITIALIZED);
  t.received.length = 0;
}

describe('RendererSession handshake', () => {
  it('answers suip/initialize with the result and becomes ready on suip/initialized', async () => {
    const t = setup();
    await t.send(INIT);
    expect(t.received).toEqual([{ jsonrpc: '2.0', id: 1, result: RESULT }]);
    expect(t.session.ready).toBe(false);
    await t.send(INITIALIZED);
    expect(t.session.ready).toBe(true);
    expect(t.initialized).toHaveBeenCalledOnce();
  });

  it('refuses ops before suip/initialized with NotInitialized, and leaves the tree alone', async () => {
    const t = setup();
    await t.send(append('a', 'x', [], 7));
    expect(t.received).toEqual([
      { jsonrpc: '2.0', id: 7, error: expect.objectContaining({ code: ErrorCode.NotInitialized }) },
    ]);
    await t.send(INIT);
    await t.send(append('a', 'x'));
    expect(t.received.at(-1)).toMatchObject({ method: 'suip/error', params: { code: ErrorCode.NotInitialized } });
    expect(t.tree()).toEqual({ group: [] });
  });

  it('refuses a second initialize and malformed initialize params', async () => {
    const t = setup();
    await t.send({ ...INIT, params: { protocolVersion: 1 } });
    expect(t.received[0]).toMatchObject({ id: 1, error: { code: ErrorCode.InvalidParams } });
    await t.send(INIT);
    await t.send({ ...INIT, id: 2 });
    expect(t.received[2]).toMatchObject({ id: 2, error: { code: ErrorCode.InvalidRequest } });
  });
});

describe('RendererSession transactions', () => {
  it('applies a batch as one transaction and answers only the requests in it', async () => {
    const t = setup();
    await ready(t);
    await t.send([append('a', 'A'), append('b', 'B', [], 9)]);
    expect(t.tree()).toEqual({
      group: [
        ['a', { text: 'A' }],
        ['b', { text: 'B' }],
      ],
    });
    expect(t.received).toEqual([[{ jsonrpc: '2.0', id: 9, result: {} }]]);
  });

  it('rejects a failing batch whole: the request gets the error with index and path', async () => {
    const t = setup();
    await ready(t);
    await t.send([append('a', 'A'), append('b', 'B', ['missing'], 3)]);
    expect(t.tree()).toEqual({ group: [] });
    expect(t.received).toEqual([
      [
        {
          jsonrpc: '2.0',
          id: 3,
          error: expect.objectContaining({
            code: ErrorCode.PathNotFound,
            data: expect.objectContaining({ index: 1, path: ['missing'] }),
          }),
        },
      ],
    ]);
    expect(t.errors).toHaveLength(1);
  });

  it('answers the other requests of a failed batch with a rolled-back error that quotes the failure', async () => {
    const t = setup();
    await ready(t);
    await t.send([append('a', 'A', [], 1), append('b', 'B', ['missing']), append('c', 'C', [], 3)]);
    expect(t.tree()).toEqual({ group: [] });
    const [responses] = t.received as { id: number; error: { code: number; message: string; data: unknown } }[][];
    expect(responses!.map((r) => r.id)).toEqual([1, 3]);
    for (const [i, response] of [
      [0, responses![0]!],
      [2, responses![1]!],
    ] as const) {
      expect(response.error.code).toBe(ErrorCode.PathNotFound);
      expect(response.error.data).toEqual({ method: 'suip/ops/append', index: 1, path: ['missing'] });
      expect(response.error.message).toMatch(
        new RegExp(
          `^op ${i} \\(suip/ops/append\\): rolled back because op 1 failed; nothing in this transaction was applied\\. op 1 \\(suip/ops/append\\) at path \\["missing"\\]: there is no particle "missing"`,
        ),
      );
    }
    expect(t.errors).toHaveLength(1);
  });

  it('reports a failing batch of notifications with one suip/error', async () => {
    const t = setup();
    await ready(t);
    await t.send([append('a', 'A'), append('a', 'again')]);
    expect(t.tree()).toEqual({ group: [] });
    expect(t.received).toEqual([
      {
        jsonrpc: '2.0',
        method: 'suip/error',
        params: expect.objectContaining({ code: ErrorCode.IdExists, data: expect.objectContaining({ index: 1 }) }),
      },
    ]);
  });

  it('refuses a batch that mixes ops with other methods', async () => {
    const t = setup();
    await ready(t);
    await t.send([append('a', 'A', [], 1), INITIALIZED]);
    expect(t.received[0]).toEqual([
      expect.objectContaining({ id: 1, error: expect.objectContaining({ code: ErrorCode.InvalidRequest }) }),
    ]);
    expect(t.tree()).toEqual({ group: [] });
  });

  it('names bad op params with the op index', async () => {
    const t = setup();
    await ready(t);
    await t.send([append('a', 'A'), { jsonrpc: '2.0', method: 'suip/ops/remove', params: { path: [] }, id: 4 }]);
    expect(t.received[0]).toEqual([
      expect.objectContaining({
        id: 4,
        error: expect.objectContaining({ code: ErrorCode.InvalidParams, data: expect.objectContaining({ index: 1 }) }),
      }),
    ]);
  });
});

describe('RendererSession hostile input', () => {
  it('answers unparsable text with a ParseError (id null) and keeps working', async () => {
    const t = setup();
    await ready(t);
    await t.send('{"jsonrpc": "2.0", "method": ');
    expect(t.received).toEqual([
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: ErrorCode.ParseError }) },
    ]);
    await t.send(append('a', 'A'));
    expect(t.tree()).toEqual({ group: [['a', { text: 'A' }]] });
  });

  it('refuses messages over maxMessageBytes before parsing them', async () => {
    const t = setup({ ...DEFAULT_LIMITS, maxMessageBytes: 100 });
    await t.send(JSON.stringify(append('a', 'x'.repeat(200))));
    // "not valid JSON" would mean it was parsed; the size check answers first, even for broken JSON.
    await t.send(`[${'x'.repeat(200)}`);
    expect(t.received[0]).toMatchObject({ id: null, error: { code: ErrorCode.LimitExceeded } });
    expect(t.received[1]).toMatchObject({ id: null, error: { code: ErrorCode.LimitExceeded } });
  });

  it('ignores "constructor" and other unknown methods with MethodNotFound', async () => {
    const t = setup();
    await ready(t);
    await t.send({ jsonrpc: '2.0', method: 'constructor', params: {}, id: 5 });
    await t.send({ jsonrpc: '2.0', method: '__proto__' });
    expect(t.received[0]).toMatchObject({ id: 5, error: { code: ErrorCode.MethodNotFound } });
    expect(t.received[1]).toMatchObject({ method: 'suip/error', params: { code: ErrorCode.MethodNotFound } });
  });

  it('refuses non-string messages', async () => {
    const [a, b] = createMemoryChannelPair();
    const got: unknown[] = [];
    b.onMessage((text) => got.push(JSON.parse(text as string)));
    const session = new RendererSession({
      channel: a,
      limits: DEFAULT_LIMITS,
      result: RESULT,
      apply: () => ({ ok: true }),
      onInitialized: () => undefined,
      onError: () => undefined,
      onViolation: () => undefined,
    });
    (b as unknown as { send(value: unknown): void }).send({ jsonrpc: '2.0' });
    await flush();
    expect(got[0]).toMatchObject({ id: null, error: { code: ErrorCode.InvalidRequest } });
    session.close();
  });

  it('reports a message-rate breach as a violation', async () => {
    const t = setup({ ...DEFAULT_LIMITS, maxMessagesPerSecond: 5 });
    await ready(t);
    for (let i = 0; i < 10; i += 1) t.send(append(`a${i}`, 'x'));
    await flush();
    expect(t.violations).toContain('rate');
  });
});

describe('RendererSession events and shutdown', () => {
  it('sends events only once ready', async () => {
    const t = setup();
    t.session.sendEvent({ handler: 'h1', path: [], event: 'click', payload: null });
    await flush();
    expect(t.received).toEqual([]);
    await ready(t);
    t.session.sendEvent({ handler: 'h1', path: ['b'], event: 'click', payload: null });
    await flush();
    expect(t.received).toEqual([
      { jsonrpc: '2.0', method: 'suip/event', params: { handler: 'h1', path: ['b'], event: 'click', payload: null } },
    ]);
  });

  it('shutdown waits for the answer, then closes; without an answer it gives up after the timeout', async () => {
    const t = setup();
    await ready(t);
    const done = t.session.shutdown(5000);
    await flush();
    const request = t.received[0] as { id: number; method: string };
    expect(request.method).toBe('suip/shutdown');
    await t.send({ jsonrpc: '2.0', id: request.id, result: {} });
    await done;
    await t.send(append('a', 'A'));
    expect(t.tree()).toEqual({ group: [] });

    const u = setup();
    await ready(u);
    const started = Date.now();
    await u.session.shutdown(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });
});

describe('RendererSession amplification', () => {
  it('a batch of 1000 failing calls yields one host error event and one outgoing message per kind', async () => {
    const t = setup();
    await ready(t);
    const calls = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0 ? { jsonrpc: '2.0', method: 'nope' } : { jsonrpc: '2.0', method: 'nope', id: i },
    );
    await t.send(calls);
    expect(t.errors).toHaveLength(1);
    expect(t.received).toHaveLength(2);
    expect(t.received[0]).toHaveLength(500);
    expect(t.received[1]).toMatchObject({ method: 'suip/error', params: { code: ErrorCode.MethodNotFound } });
  });
});

describe('RendererSession: messages a model can act on', () => {
  it('a second suip/initialized is InvalidRequest (it was sent already), not NotInitialized', async () => {
    const t = setup();
    await ready(t);
    await t.send({ ...INITIALIZED, id: 9 });
    expect(t.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 9,
        error: expect.objectContaining({
          code: ErrorCode.InvalidRequest,
          message: expect.stringContaining('was sent already'),
        }),
      },
    ]);
  });

  it('an invented op like suip/ops/move says how a move is written', async () => {
    const t = setup();
    await ready(t);
    await t.send({ jsonrpc: '2.0', id: 3, method: 'suip/ops/move', params: { from: ['a'], to: [] } });
    expect(t.received).toEqual([
      {
        jsonrpc: '2.0',
        id: 3,
        error: expect.objectContaining({
          code: ErrorCode.MethodNotFound,
          message: expect.stringContaining(
            'A move is a remove of the id followed, in the same batch, by an insert (or append) of the same id without "particle"',
          ),
        }),
      },
    ]);
  });
});
