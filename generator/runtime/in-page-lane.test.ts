import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  ErrorCode,
  createMemoryChannelPair,
  type InitializeResult,
  type Limits,
  type Op,
} from '../../shared/index.ts';
import { RendererSession } from '../../core/session/renderer-session.ts';
import { laneWithinBytes } from './in-page-lane.ts';
import { SuipError } from './suip-error.ts';
import { sessionPair } from './testing/session-pair.ts';

/** The real generator and renderer sessions and tree, with or without the lane; `tree` is the generator's subtree. */
async function pair(withLane: boolean, limits: Limits = DEFAULT_LIMITS) {
  const p = await sessionPair({ limits, lane: withLane });
  return { ...p, tree: p.root };
}

/** Raw transactions a hostile or buggy translator could produce, each answered by the renderer. */
const HOSTILE: Array<readonly unknown[]> = [
  [{ method: 'suip/ops/append', params: { path: [], id: 'a', particle: { text: 'x' } } }],
  [{ method: 'suip/ops/append', params: { path: [], id: 'a', particle: { text: 'again' } } }],
  [{ method: 'suip/ops/move', params: { path: ['a'] } }],
  [{ method: 'suip/ops/append', params: { path: 'a', id: 'b', particle: { text: 'x' } } }],
  [
    { method: 'suip/ops/append', params: { path: [], id: 'b', particle: { text: 'fine' } } },
    { method: 'suip/ops/remove', params: { path: ['nowhere'] } },
  ],
  [{ method: 'suip/ops/replace', params: { path: ['a'], particle: { type: 'no-such-type', group: [] } } }],
  [{ method: 'suip/ops/append', params: { path: [], id: '__proto__', particle: { text: 'x' } } }],
  [
    {
      method: 'suip/ops/append',
      params: { path: [], id: 'c', particle: { group: [['d', { text: 'y' }]], on: { click: { handler: 42 } } } },
    },
  ],
  [{ method: 'suip/ops/replace', params: { path: ['a'], particle: { text: 'ok now' } } }],
];

async function run(withLane: boolean) {
  const p = await pair(withLane, { ...DEFAULT_LIMITS, maxTextLength: 10 });
  const answers: unknown[] = [];
  for (const ops of [
    ...HOSTILE,
    [{ method: 'suip/ops/append', params: { path: [], id: 'long', particle: { text: 'longer than ten' } } }],
  ]) {
    answers.push(
      await p.generator.ops(ops as Op[]).then(
        () => 'ok',
        (error: unknown) => (error instanceof SuipError ? error.toJSON() : String(error)),
      ),
    );
  }
  return { answers, tree: p.tree(), hostErrors: p.hostErrors, inbound: p.inbound };
}

describe('the in-page lane', () => {
  it('answers hostile transactions exactly as the wire does: the same errors to the generator and the host, the same tree', async () => {
    const lane = await run(true);
    const wire = await run(false);
    expect(lane.answers.filter((answer) => answer !== 'ok').length).toBeGreaterThanOrEqual(6);
    expect(lane.answers).toEqual(wire.answers);
    expect(lane.hostErrors).toEqual(wire.hostErrors);
    expect(lane.tree).toEqual(wire.tree);
    // Nothing crossed the channel as text on the lane (a method that is not an op too: the session's
    // own dispatch answers it by name); on the wire every transaction did.
    expect(lane.inbound).toEqual([]);
    expect(wire.inbound.filter((text) => text.includes('suip/ops/')).length).toBe(HOSTILE.length + 1);
  });

  it("the handshake takes the lane too, with the wire's checks: the same result, and a second initialize refused alike", async () => {
    const lane = await pair(true);
    const wire = await pair(false);
    expect(lane.generator.result).toEqual(wire.generator.result);
    expect(lane.renderer.ready).toBe(true);
    expect(lane.inbound).toEqual([]);
    expect(wire.inbound.map((text) => JSON.parse(text).method)).toEqual(['suip/initialize', 'suip/initialized']);
    const init = {
      jsonrpc: '2.0',
      method: 'suip/initialize',
      params: { protocolVersion: '1.1', generator: { name: 'x', version: '0' }, capabilities: {} },
      id: 7,
    } as const;
    const again = lane.renderer.dispatchInPage([init]);
    expect(again).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: ErrorCode.InvalidRequest,
          message: '(suip/initialize): suip/initialize may be sent only once',
          data: { method: 'suip/initialize', path: undefined },
        },
      },
    ]);
    expect(lane.hostErrors).toEqual([(again[0] as { error: unknown }).error]);
    const fresh = new RendererSession({
      channel: createMemoryChannelPair()[1],
      limits: DEFAULT_LIMITS,
      result: {} as InitializeResult,
      apply: () => ({ ok: true }),
      onInitialized: () => undefined,
      onError: () => undefined,
      onViolation: () => undefined,
    });
    expect(fresh.dispatchInPage([{ ...init, params: { ...init.params, protocolVersion: '2.0' } }])).toMatchObject([
      { id: 7, error: { code: ErrorCode.InvalidParams } },
    ]);
    expect(fresh.ready).toBe(false);
    // Nothing is sent on the channel for a lane call: the answers are the return value.
    expect(wire.inbound.length).toBe(2);
  });

  it('refuses ops before the handshake ends and after the session closed; a generator whose session is gone hears it', async () => {
    const sessionOf = () =>
      new RendererSession({
        channel: createMemoryChannelPair()[1],
        limits: DEFAULT_LIMITS,
        result: {} as InitializeResult,
        apply: () => ({ ok: true }),
        onInitialized: () => undefined,
        onError: () => undefined,
        onViolation: () => undefined,
      });
    const remove = { jsonrpc: '2.0', method: 'suip/ops/remove', params: { path: ['a'] }, id: 3 } as const;
    expect(sessionOf().dispatchInPage([remove])).toMatchObject([{ id: 3, error: { code: ErrorCode.NotInitialized } }]);
    const closed = sessionOf();
    closed.close();
    expect(closed.dispatchInPage([remove])).toEqual([]);
    const p = await pair(true);
    p.renderer.close();
    await expect(p.generator.ops([{ method: 'suip/ops/remove', params: { path: ['a'] } } as Op])).rejects.toMatchObject(
      { code: ErrorCode.NotInitialized },
    );
    const q = await pair(true, { ...DEFAULT_LIMITS, maxOpsPerMessage: 2 });
    const three = [0, 1, 2].map(
      (i) => ({ method: 'suip/ops/append', params: { path: [], id: `x${i}`, particle: { text: 'x' } } }) as Op,
    );
    await expect(q.generator.ops(three)).rejects.toMatchObject({
      code: ErrorCode.LimitExceeded,
      data: { reason: 'ops' },
    });
    expect(q.hostErrors).toEqual([]);
  });

  it('a transaction over maxMessageBytes is refused before it reaches the renderer, at the same size as on the wire', async () => {
    const max = 4096;
    for (const size of [3900, 3950, 3990, 4000, 4010, 4050, 4100]) {
      const request = {
        jsonrpc: '2.0',
        method: 'suip/ops/append',
        params: { path: ['a'], id: 'b', particle: { text: 'é'.repeat(size / 2) } },
        id: 12,
      };
      expect(laneWithinBytes([request], max)).toBe(new TextEncoder().encode(JSON.stringify(request)).length <= max);
    }
    const p = await pair(true, { ...DEFAULT_LIMITS, maxMessageBytes: 2000 });
    const error = await p.generator
      .ops([{ method: 'suip/ops/append', params: { path: [], id: 'big', particle: { text: 'x'.repeat(3000) } } } as Op])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.LimitExceeded, data: { reason: 'bytes' } });
    expect(p.hostErrors).toEqual([]);
  });
});
