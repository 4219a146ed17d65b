import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LIMITS,
  ErrorCode,
  PROTOCOL_VERSION,
  createMemoryChannelPair,
  type InitializeResult,
} from '../../shared/index.ts';
import { group, text } from './builders.ts';
import { GeneratorSession } from './generator-session.ts';
import type { SuipError } from './suip-error.ts';

const RESULT: InitializeResult = {
  protocolVersion: PROTOCOL_VERSION,
  renderer: { name: 'r', version: '0' },
  vocabulary: [],
  limits: DEFAULT_LIMITS,
  hostContext: { theme: 'dark', locale: 'de' },
};
type Json = Record<string, unknown>;

/** A generator session whose renderer end is scripted by the test: `inbox` holds what it sent. */
function setup(options: { limits?: typeof DEFAULT_LIMITS } = {}) {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  const inbox: unknown[] = [];
  // A one-op transaction arrives as a single request, not a batch of one; `transactions` keeps
  // every transaction as a list so the tests read them alike.
  const raw: unknown[] = [];
  rendererEnd.onMessage((t) => {
    const message = JSON.parse(t as string) as Json | Json[];
    raw.push(message);
    inbox.push(!Array.isArray(message) && String(message.method).startsWith('suip/ops/') ? [message] : message);
  });
  const uncaught: unknown[] = [];
  const session = new GeneratorSession({ channel: generatorEnd, onUncaught: (e) => uncaught.push(e) });
  const reply = (message: unknown) => rendererEnd.send(JSON.stringify(message));
  return { session, inbox, raw, reply, uncaught, result: { ...RESULT, limits: options.limits ?? DEFAULT_LIMITS } };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function initialized(t: ReturnType<typeof setup>): Promise<void> {
  const done = t.session.initialize();
  await tick();
  const request = t.inbox[0] as Json;
  t.reply({ jsonrpc: '2.0', id: request.id, result: t.result });
  await done;
  await tick();
  t.inbox.length = 0;
}

/** Acknowledge the last op of the batch in flight (the one with an id). */
function ack(t: ReturnType<typeof setup>, batch: Json[], error?: unknown): void {
  const last = batch.at(-1)!;
  const response =
    error === undefined ? { jsonrpc: '2.0', id: last.id, result: {} } : { jsonrpc: '2.0', id: last.id, error };
  // As the renderer answers: a single response to a single request, a batch to a batch.
  t.reply(batch.length === 1 ? response : [response]);
}

describe('GeneratorSession handshake', () => {
  it('sends suip/initialize, then suip/initialized after the result', async () => {
    const t = setup();
    const done = t.session.initialize();
    await tick();
    expect(t.inbox[0]).toMatchObject({
      jsonrpc: '2.0',
      method: 'suip/initialize',
      params: { protocolVersion: PROTOCOL_VERSION, generator: { name: expect.any(String) } },
    });
    expect(t.inbox).toHaveLength(1);
    t.reply({ jsonrpc: '2.0', id: (t.inbox[0] as Json).id, result: RESULT });
    expect(await done).toEqual(RESULT);
    await tick();
    expect(t.inbox[1]).toEqual({ jsonrpc: '2.0', method: 'suip/initialized', params: {} });
  });
});

describe('GeneratorSession render', () => {
  it('sends one batch per task however many renders, the last op a request', async () => {
    const t = setup();
    await initialized(t);
    t.session.render(group(null, [['a', text('1')]]));
    t.session.render(group(null, [['a', text('2')]]));
    t.session.render(
      group(null, [
        ['a', text('3')],
        ['b', text('b')],
      ]),
    );
    await tick();
    expect(t.inbox).toHaveLength(1);
    const batch = t.inbox[0] as Json[];
    expect(batch.map((m) => m.method)).toEqual(['suip/ops/append', 'suip/ops/append']);
    expect(batch[0]).not.toHaveProperty('id');
    expect(batch[1]).toHaveProperty('id');
    expect(batch[0]!.params).toEqual({ path: [], id: 'a', particle: { text: '3' } });
  });

  it('sends a one-op transaction as a single request with a numeric id, not as a batch of one', async () => {
    const t = setup();
    await initialized(t);
    const done = t.session.render(group(null, [['a', text('1')]]));
    await tick();
    const [single] = t.raw.slice(-1) as Json[];
    expect(Array.isArray(single)).toBe(false);
    expect(single).toEqual({
      jsonrpc: '2.0',
      method: 'suip/ops/append',
      params: { path: [], id: 'a', particle: { text: '1' } },
      id: expect.any(Number),
    });
    ack(t, [single!]);
    await expect(done).resolves.toBeUndefined();
  });

  it('keeps one transaction in flight; later renders coalesce into the newest tree', async () => {
    const t = setup();
    await initialized(t);
    const first = t.session.render(group(null, [['n', text('0')]]));
    await tick();
    const renders = [];
    for (let i = 1; i <= 50; i += 1) {
      renders.push(t.session.render(group(null, [['n', text(String(i))]])));
      await tick();
    }
    expect(t.inbox).toHaveLength(1);
    ack(t, t.inbox[0] as Json[]);
    await first;
    await tick();
    expect(t.inbox).toHaveLength(2);
    const second = t.inbox[1] as Json[];
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ method: 'suip/ops/replace', params: { path: ['n'], particle: { text: '50' } } });
    ack(t, second);
    await Promise.all(renders);
  });

  it('resolves at once when nothing changed, and sends nothing', async () => {
    const t = setup();
    await initialized(t);
    const tree = group(null, [['a', text('x')]]);
    const first = t.session.render(tree);
    await tick();
    ack(t, t.inbox[0] as Json[]);
    await first;
    await t.session.render(tree);
    await tick();
    expect(t.inbox).toHaveLength(1);
  });

  it('a typed root is rendered as the single child "root"', async () => {
    const t = setup();
    await initialized(t);
    t.session.render(group('card', [['title', text('T')]]));
    await tick();
    expect((t.inbox[0] as Json[])[0]).toMatchObject({
      method: 'suip/ops/append',
      params: { path: [], id: 'root', particle: { type: 'card', group: [['title', { text: 'T' }]] } },
    });
  });

  it('a rejected transaction rejects the render and reaches onError with code, index and path; the next render diffs against what the renderer has', async () => {
    const t = setup();
    await initialized(t);
    const heard: SuipError[] = [];
    t.session.onError((e) => heard.push(e));
    const rendered = t.session.render(group(null, [['a', text('A')]]));
    await tick();
    const error = {
      code: ErrorCode.VocabularyViolation,
      message: 'op 0 (suip/ops/append) at path []: nope',
      data: { method: 'suip/ops/append', path: [], index: 0 },
    };
    ack(t, t.inbox[0] as Json[], error);
    await expect(rendered).rejects.toMatchObject({
      name: 'SuipError',
      code: ErrorCode.VocabularyViolation,
      data: { index: 0, path: [] },
    });
    expect(heard.map((e) => e.toJSON())).toEqual([error]);
    t.session.render(group(null, [['a', text('A')]]));
    await tick();
    // Not acknowledged, so the renderer still has nothing: the same append again.
    expect((t.inbox[1] as Json[])[0]).toMatchObject({ method: 'suip/ops/append', params: { id: 'a' } });
  });

  it('refuses a transaction over maxMessageBytes locally (the relay would terminate the Worker)', async () => {
    const t = setup({ limits: { ...DEFAULT_LIMITS, maxMessageBytes: 200 } });
    await initialized(t);
    await expect(t.session.render(group(null, [['a', text('x'.repeat(500))]]))).rejects.toMatchObject({
      code: ErrorCode.LimitExceeded,
    });
    await tick();
    expect(t.inbox).toHaveLength(0);
  });

  it('a transaction whose send fails rejects its render instead of leaving it pending, and the next render is not blocked', async () => {
    const t = setup();
    await initialized(t);
    const channel = (t.session as unknown as { options: { channel: { send(text: string): void } } }).options.channel;
    const send = channel.send;
    channel.send = () => {
      throw new Error('the port is closed');
    };
    const errors: SuipError[] = [];
    t.session.onError((e) => errors.push(e));
    await expect(t.session.render(group(null, [['a', text('1')]]))).rejects.toMatchObject({
      message: expect.stringContaining('the port is closed'),
    });
    expect(errors).toHaveLength(1);
    channel.send = send;
    const next = t.session.render(group(null, [['a', text('2')]]));
    await tick();
    // The failed tree was never assumed applied: the retry sends the whole child again.
    const batch = t.inbox.at(-1) as Json[];
    expect(batch).toMatchObject([{ method: 'suip/ops/append', params: { id: 'a', particle: { text: '2' } } }]);
    ack(t, batch);
    await next;
  });

  it('suip/error notifications and id-null error responses reach onError', async () => {
    const t = setup();
    await initialized(t);
    const heard: number[] = [];
    t.session.onError((e) => heard.push(e.code));
    t.reply({ jsonrpc: '2.0', method: 'suip/error', params: { code: ErrorCode.PathNotFound, message: 'x' } });
    t.reply({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: 'y' } });
    await tick();
    expect(heard).toEqual([ErrorCode.PathNotFound, ErrorCode.ParseError]);
  });
});

describe('GeneratorSession events', () => {
  it('maps handler ids to the newest function in the slot; ids stay stable across renders', async () => {
    const t = setup();
    await initialized(t);
    const calls: string[] = [];
    const view = (label: string) =>
      group(null, [
        [
          'btn',
          group('button', [['l', text(label)]], {
            on: { click: (e) => calls.push(`${label} ${e.event} ${JSON.stringify(e.path)}`) },
          }),
        ],
      ]);
    t.session.render(view('one'));
    await tick();
    const batch = t.inbox[0] as Json[];
    const handler = ((batch[0]!.params as Json).particle as { on: { click: { handler: string } } }).on.click.handler;
    ack(t, batch);
    await tick();
    t.session.render(view('two'));
    await tick();
    // Only the label changed: the handler id did not, so the group is not replaced.
    expect(t.inbox[1]).toEqual([
      expect.objectContaining({
        method: 'suip/ops/replace',
        params: { path: ['btn', 'l'], particle: { text: 'two' } },
      }),
    ]);
    t.reply({
      jsonrpc: '2.0',
      method: 'suip/event',
      params: { handler, path: ['btn'], event: 'click', payload: null },
    });
    t.reply({
      jsonrpc: '2.0',
      method: 'suip/event',
      params: { handler: 'h999', path: ['btn'], event: 'click', payload: null },
    });
    t.reply({
      jsonrpc: '2.0',
      method: 'suip/event',
      params: { handler: 'constructor', path: [], event: 'click', payload: null },
    });
    await tick();
    expect(calls).toEqual(['two click ["btn"]']);
  });

  it('passes value, checked, formData (as an object) and key', async () => {
    const t = setup();
    await initialized(t);
    const fn = vi.fn();
    t.session.render(
      group(null, [
        ['f', group('form', [], { on: { submit: { handler: fn, data: 'formData', preventDefault: true } } })],
      ]),
    );
    await tick();
    const particle = ((t.inbox[0] as Json[])[0]!.params as Json).particle as {
      on: { submit: { handler: string; preventDefault: boolean; data: string } };
    };
    expect(particle.on.submit).toMatchObject({ preventDefault: true, data: 'formData' });
    t.reply({
      jsonrpc: '2.0',
      method: 'suip/event',
      params: {
        handler: particle.on.submit.handler,
        path: ['f'],
        event: 'submit',
        payload: {
          formData: [
            ['name', 'Ada'],
            ['mail', 'a@b'],
          ],
        },
      },
    });
    await tick();
    expect(fn).toHaveBeenCalledWith({ event: 'submit', path: ['f'], formData: { name: 'Ada', mail: 'a@b' } });
  });

  it('reports exceptions from handlers (sync and async) by handler name and message, to the host and to onError, and keeps serving events', async () => {
    const t = setup();
    await initialized(t);
    const heard: string[] = [];
    t.session.onError((error) => heard.push(`${error.code} ${error.message}`));
    let clicks = 0;
    t.session.render(
      group(null, [
        [
          'a',
          group(null, [], {
            on: {
              click: () => {
                clicks += 1;
                throw new Error('sync boom');
              },
            },
          }),
        ],
        [
          'b',
          group(null, [], {
            on: {
              click: async () => {
                throw new TypeError('async boom');
              },
            },
          }),
        ],
      ]),
    );
    await tick();
    const ops = t.inbox[0] as Json[];
    const click = (index: number, path: string[]) => {
      const particle = ((ops[index] as Json).params as Json).particle as { on: { click: { handler: string } } };
      t.reply({
        jsonrpc: '2.0',
        method: 'suip/event',
        params: { handler: particle.on.click.handler, path, event: 'click', payload: null },
      });
    };
    click(0, ['a']);
    click(1, ['b']);
    await tick();
    await tick();
    expect(t.uncaught.map((e) => (e as Error).message)).toEqual([
      'the on.click handler of the group at ["a"] threw Error: sync boom; the program keeps running (state changed before the throw stays), so fix that handler',
      'the on.click handler of the group at ["b"] threw TypeError: async boom; the program keeps running (state changed before the throw stays), so fix that handler',
    ]);
    expect(t.uncaught.map((e) => (e as Error).name)).toEqual(['HandlerError', 'HandlerError']);
    expect(heard).toEqual([
      expect.stringMatching(/^-32603 the on\.click handler of the group at \["a"\] threw Error: sync boom/),
      expect.stringMatching(/^-32603 .*\["b"\] threw TypeError: async boom/),
    ]);
    // The same handler runs again: one throw did not stop the session.
    click(0, ['a']);
    await tick();
    expect(clicks).toBe(2);
  });

  it('answers suip/shutdown, then ignores events and refuses renders', async () => {
    const t = setup();
    await initialized(t);
    const fn = vi.fn();
    const onShutdown = vi.fn();
    t.session.onShutdown(onShutdown);
    t.session.render(group(null, [['a', group(null, [], { on: { click: fn } })]]));
    await tick();
    const handler = (((t.inbox[0] as Json[])[0]!.params as Json).particle as { on: { click: { handler: string } } }).on
      .click.handler;
    t.reply({ jsonrpc: '2.0', id: 'bye', method: 'suip/shutdown', params: {} });
    await tick();
    expect(t.inbox[1]).toEqual({ jsonrpc: '2.0', id: 'bye', result: {} });
    expect(onShutdown).toHaveBeenCalledOnce();
    t.reply({ jsonrpc: '2.0', method: 'suip/event', params: { handler, path: ['a'], event: 'click', payload: null } });
    await tick();
    expect(fn).not.toHaveBeenCalled();
    await expect(t.session.render(group(null, []))).rejects.toMatchObject({ code: ErrorCode.NotInitialized });
  });
});

describe('GeneratorSession handler memory', () => {
  it('does not keep handlers of groups that were removed long ago', async () => {
    const t = setup();
    await initialized(t);
    const registry = (t.session as unknown as { registry: { size: number } }).registry;
    for (let round = 0; round < 40; round += 1) {
      const rendered = t.session.render(
        group(null, [
          [`item-${round}`, group(null, [], { on: { click: () => round, input: () => round, change: () => round } })],
        ]),
      );
      await tick();
      ack(t, t.inbox.at(-1) as Json[]);
      await rendered;
    }
    // 40 rounds × 3 handlers were registered; only the last round's are live.
    expect(registry.size).toBeLessThan(70);
  });
});
