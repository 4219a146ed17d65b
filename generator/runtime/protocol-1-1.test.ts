import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EFFECTIVE_POLICY,
  DEFAULT_LIMITS,
  ErrorCode,
  Method,
  PROTOCOL_VERSION,
  createMemoryChannelPair,
  type DialogParams,
  type DialogResult,
  type GroupParticle,
  type InitializeResult,
  type SuipErrorObject,
} from '../../shared/index.ts';
import { RendererSession } from '../../core/session/renderer-session.ts';
import { routeEvent } from '../../core/session/route-event.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  generatorRoot,
  mountGenerator,
  type MergedTree,
} from '../../core/tree/index.ts';
import { group, text } from './builders.ts';
import { GeneratorSession } from './generator-session.ts';
import { createSuipApi } from './suip-api.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

interface PairOptions {
  outputs?: string[];
  /** The input channels the host declared (absent: undeclared). */
  inputs?: string[];
  adopted?: GroupParticle;
  /** Announce 1.1 on the renderer side (capabilities, outputs); false = a 1.0 renderer. */
  renderer11?: boolean;
  /** A 1.0 generator: announces no 1.1 capability. */
  generator10?: boolean;
  onDialog?(params: DialogParams): Promise<DialogResult>;
}

/** The real generator session and the real renderer session over a memory channel, with the real tree. */
async function pair(options: PairOptions = {}) {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  if (options.adopted) merged = { group: [['g', options.adopted]] };
  const errors: SuipErrorObject[] = [];
  const outputs: Array<[string, unknown]> = [];
  const inbound: string[] = [];
  const renderer11 = options.renderer11 !== false;
  const result: InitializeResult = {
    protocolVersion: renderer11 ? PROTOCOL_VERSION : '1.0',
    renderer: { name: 'r', version: '0' },
    vocabulary: [],
    limits: DEFAULT_LIMITS,
    hostContext: { theme: 'light', locale: 'en' },
    ...(renderer11
      ? {
          capabilities: { input: true, output: true, dialogs: options.onDialog !== undefined },
          outputs: options.outputs ?? [],
        }
      : {}),
    ...(options.adopted ? { adopted: options.adopted } : {}),
    ...(options.inputs ? { inputs: options.inputs } : {}),
  };
  const renderer = new RendererSession({
    channel: rendererEnd,
    limits: DEFAULT_LIMITS,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits: DEFAULT_LIMITS });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => errors.push(error),
    onViolation: () => undefined,
    onTraffic: (direction, text) => {
      if (direction === 'in') inbound.push(text);
    },
    ...(renderer11 ? { onOutput: (channel: string, value: unknown) => outputs.push([channel, value]) } : {}),
    ...(options.onDialog ? { onDialog: options.onDialog } : {}),
  });
  if (options.generator10) {
    // A 1.0 generator: the handshake by hand, announcing no 1.1 capability.
    const answer = new Promise<void>((resolve) => generatorEnd.onMessage(() => resolve()));
    generatorEnd.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: Method.initialize,
        params: {
          protocolVersion: '1.0',
          generator: { name: 'old', version: '1' },
          capabilities: { textAppend: true },
        },
      }),
    );
    await answer;
    generatorEnd.send(JSON.stringify({ jsonrpc: '2.0', method: Method.initialized, params: {} }));
    await tick();
    return { generator: undefined, generatorEnd, renderer, errors, outputs, inbound, merged: () => merged };
  }
  const generator = new GeneratorSession({ channel: generatorEnd });
  await generator.initialize();
  await tick();
  return { generator, generatorEnd, renderer, errors, outputs, inbound, merged: () => merged };
}

describe('suip/input and suip/output (protocol 1.1 data plane)', () => {
  it('the host sends input on a channel; the program hears only its own channels', async () => {
    const p = await pair();
    const heard: unknown[] = [];
    p.generator!.onInput('props', (value) => heard.push(value));
    expect(p.renderer.sendInput('props', { city: 'Oslo' })).toBe(true);
    expect(p.renderer.sendInput('other', 1)).toBe(true);
    await tick();
    expect(heard).toEqual([{ city: 'Oslo' }]);
  });

  it('with declared input channels, listening on another throws at once with the known ones (instead of waiting forever); the program reads them in suip.channels', async () => {
    const p = await pair({ inputs: ['props', 'feed'], outputs: ['action'] });
    const heard: unknown[] = [];
    p.generator!.onInput('feed', (value) => heard.push(value));
    expect(() => p.generator!.onInput('prices', () => undefined)).toThrow(
      'onInput("prices", …): the host never sends input on this channel; it sends on "props", "feed"',
    );
    const none = await pair({ inputs: [] });
    expect(() => none.generator!.onInput('props', () => undefined)).toThrow(
      /it sends no input to this program; put the data in the program itself/,
    );
    expect(p.renderer.sendInput('feed', 7)).toBe(true);
    await tick();
    expect(heard).toEqual([7]);
    const api = createSuipApi(p.generator!, p.generator!.result!);
    expect(api.channels).toEqual({ inputs: ['props', 'feed'], outputs: ['action'] });
    // No policy in the result (an older renderer): the program assumes the strictest host.
    expect(api.policy).toEqual(DEFAULT_EFFECTIVE_POLICY);
  });

  it('output reaches the host only on an allowed channel; other channels throw in the program and never reach the host', async () => {
    const p = await pair({ outputs: ['action'] });
    p.generator!.output('action', { type: 'book' });
    expect(() => p.generator!.output('secrets', 1)).toThrow(
      /does not accept output on this channel; it allows "action"/,
    );
    await tick();
    expect(p.outputs).toEqual([['action', { type: 'book' }]]);
  });

  it('a hostile raw suip/output is refused without side effects: wrong channel, bad name, extra members, before ready', async () => {
    const p = await pair({ outputs: ['action'] });
    const send = (params: unknown) =>
      p.generatorEnd.send(JSON.stringify({ jsonrpc: '2.0', method: 'suip/output', params }));
    send({ channel: 'secrets', value: 1 });
    send({ channel: '__proto__', value: 1 });
    send({ channel: 'action', value: 1, extra: true });
    send({ channel: 'A'.repeat(65), value: 1 });
    await tick();
    expect(p.outputs).toEqual([]);
    // "__proto__" is a well-formed name the host did not allow (channels are compared, never used as keys).
    expect(p.errors.map((e) => e.code)).toEqual([
      ErrorCode.PolicyViolation,
      ErrorCode.PolicyViolation,
      ErrorCode.InvalidParams,
      ErrorCode.InvalidParams,
    ]);
    expect(p.errors[0]!.message).toBe(
      '(suip/output): channel "secrets" is not allowed by the host; it allows "action"',
    );
    expect(Object.prototype).not.toHaveProperty('value');
  });

  it('property: any hostile channel/value pair outside `outputs` never reaches the host and always gets an error', async () => {
    const p = await pair({ outputs: ['action'] });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('__proto__', 'constructor', 'ACTION', 'action ', '')),
        fc.jsonValue({ maxDepth: 3 }),
        async (channel, value) => {
          fc.pre(channel !== 'action');
          const before = p.errors.length;
          p.generatorEnd.send(JSON.stringify({ jsonrpc: '2.0', method: 'suip/output', params: { channel, value } }));
          await tick();
          expect(p.outputs).toEqual([]);
          expect(p.errors.length).toBe(before + 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('1.0 and 1.1 peers interoperate', () => {
  it('a 1.1 renderer never sends suip/input to a 1.0 generator', async () => {
    const p = await pair({ generator10: true });
    const seen: string[] = [];
    p.generatorEnd.onMessage((text) => seen.push(String(text)));
    expect(p.renderer.sendInput('props', 1)).toBe(false);
    await tick();
    expect(seen).toEqual([]);
  });

  it('a 1.1 generator on a 1.0 renderer: output throws locally (no channel allowed), dialogs say the host offers none, ops still work', async () => {
    const p = await pair({ renderer11: false });
    expect(() => p.generator!.output('action', 1)).toThrow(/allows no output channel/);
    await expect(p.generator!.dialog({ kind: 'confirm', title: 'Sure?' })).rejects.toThrow(/offers no dialogs/);
    await p.generator!.render(group(null, [['t', text('hi')]]));
    expect(generatorRoot(p.merged(), 'g')).toEqual({ group: [['t', { text: 'hi' }]] });
    expect(p.inbound.some((t) => t.includes('suip/output') || t.includes('suip/dialog'))).toBe(false);
  });

  it('property: for any mix of 1.0/1.1 on each side, a rendered tree arrives identically', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.string({ maxLength: 8 })), { maxLength: 6 }),
        async (renderer11, items) => {
          const p = await pair({ renderer11 });
          const unique = [...new Map(items).entries()];
          await p.generator!.render(
            group(
              null,
              unique.map(([id, value]) => [id, text(value)] as const),
            ),
          );
          expect(generatorRoot(p.merged(), 'g')).toEqual({ group: unique.map(([id, value]) => [id, { text: value }]) });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a protocolVersion of another major is refused with a precise error', async () => {
    const [generatorEnd, rendererEnd] = createMemoryChannelPair();
    const errors: SuipErrorObject[] = [];
    new RendererSession({
      channel: rendererEnd,
      limits: DEFAULT_LIMITS,
      result: {
        protocolVersion: PROTOCOL_VERSION,
        renderer: { name: 'r', version: '0' },
        vocabulary: [],
        limits: DEFAULT_LIMITS,
        hostContext: { theme: 'light', locale: 'en' },
      },
      apply: () => ({ ok: true }),
      onInitialized: () => undefined,
      onError: (e) => errors.push(e),
      onViolation: () => undefined,
    });
    const answers: string[] = [];
    generatorEnd.onMessage((text) => answers.push(String(text)));
    generatorEnd.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'suip/initialize',
        params: { protocolVersion: '2.0', generator: { name: 'x', version: '1' }, capabilities: {} },
      }),
    );
    await tick();
    expect(errors[0]).toMatchObject({
      code: ErrorCode.InvalidParams,
      message:
        '(suip/initialize): protocolVersion "2.0" is not supported; this renderer speaks 1.1 and accepts any 1.x',
    });
    expect(JSON.parse(answers[0]!)).toMatchObject({ id: 1, error: { code: ErrorCode.InvalidParams } });
  });
});

describe('hand-over (adopt)', () => {
  it('a generator adopting a kept subtree diffs its first render against it: an unchanged tree sends no op, a changed one only the change', async () => {
    const view = (label: string) =>
      group(null, [
        ['title', text('Form')],
        ['name', group('text-field', [['label', text(label)]], { on: { input: () => undefined } })],
      ]);
    const first = await pair();
    await first.generator!.render(view('Name'));
    const kept = generatorRoot(first.merged(), 'g')!;
    const second = await pair({ adopted: kept });
    await second.generator!.render(view('Name'));
    expect(second.inbound.filter((t) => t.includes('suip/ops/'))).toEqual([]);
    await second.generator!.render(view('Your name'));
    const ops = second.inbound.filter((t) => t.includes('suip/ops/'));
    expect(ops).toHaveLength(1);
    expect(JSON.parse(ops[0]!)).toMatchObject({ method: 'suip/ops/replace', params: { path: ['name', 'label'] } });
    // The handler id survived the hand-over: the new generator answers a click on the kept node.
    const handler = (generatorRoot(second.merged(), 'g')!.group[1]![1] as GroupParticle).on!.input!.handler;
    expect(handler).toBe((kept.group[1]![1] as GroupParticle).on!.input!.handler);
  });
});

describe('suip/dialog', () => {
  it('a program awaits the host answer; the renderer validates the request first', async () => {
    const asked: DialogParams[] = [];
    const p = await pair({ onDialog: async (params) => (asked.push(params), { ok: true }) });
    await expect(p.generator!.dialog({ kind: 'confirm', title: 'Delete?', danger: true })).resolves.toEqual({
      ok: true,
    });
    expect(asked).toEqual([{ kind: 'confirm', title: 'Delete?', danger: true }]);
    // A secret prompt is not something a program may ask for: the params are closed.
    await expect(
      p.generator!.dialog({ kind: 'prompt', title: 'Password', secret: true } as unknown as DialogParams),
    ).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    expect(asked).toHaveLength(1);
  });

  it("the host's refusal reaches the program as the request's error", async () => {
    const p = await pair({
      onDialog: () =>
        Promise.reject({
          code: ErrorCode.LimitExceeded,
          message: 'a dialog is already open; wait for its answer before asking again',
          data: { method: 'suip/dialog', reason: 'dialog-open' },
        }),
    });
    await expect(p.generator!.dialog({ kind: 'confirm', title: 'Again?' })).rejects.toMatchObject({
      code: ErrorCode.LimitExceeded,
      data: { reason: 'dialog-open' },
    });
  });
});

describe('events after a hand-over', () => {
  it('routes a click on the kept tree to the adopting generator', async () => {
    const clicks: string[] = [];
    const first = await pair();
    await first.generator!.render(
      group(null, [['b', group('button', [['label', text('Go')]], { on: { click: () => clicks.push('old') } })]]),
    );
    const second = await pair({ adopted: generatorRoot(first.merged(), 'g')! });
    await second.generator!.render(
      group(null, [['b', group('button', [['label', text('Go')]], { on: { click: () => clicks.push('new') } })]]),
    );
    const handler = (generatorRoot(second.merged(), 'g')!.group[0]![1] as GroupParticle).on!.click!.handler;
    expect(
      routeEvent(second.merged(), { path: ['g', 'b'], event: 'click', handler, payload: null }, () => second.renderer),
    ).toBe(true);
    await tick();
    expect(clicks).toEqual(['new']);
  });
});
