import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachOptions, GeneratorHandle, Renderer, TrafficRecord } from '../../renderer/index.ts';
import { describeError } from './error-line.ts';
import { PROVENANCE_NAME, PlaygroundHost } from './playground-host.ts';

/** A renderer double: `attach` runs a scripted behaviour that may render, report errors or change status. */
function fakeRenderer(
  container: EventTarget,
  behaviour: (id: string, code: string, api: { render(): void; emit(name: string, detail: unknown): void }) => void,
) {
  const roots = new Map<string, unknown[]>();
  const names: Array<string | undefined> = [];
  let tap: ((record: TrafficRecord) => void) | undefined;
  const renderer: Renderer = {
    async attach({ id, code, name }: AttachOptions): Promise<GeneratorHandle> {
      names.push(name);
      roots.set(id, []);
      tap?.({
        generatorId: id,
        direction: 'in',
        text: '{"jsonrpc":"2.0","id":1,"method":"suip/initialize","params":{}}',
        bytes: 60,
        time: performance.now(),
      });
      setTimeout(
        () =>
          behaviour(id, code, {
            render: () => roots.set(id, [['root', { text: code }]]),
            emit: (name, detail) => container.dispatchEvent(new CustomEvent(name, { detail })),
          }),
        10,
      );
      return {
        id,
        status: 'ready',
        kind: 'sandbox',
        detach: async () => undefined,
        input: () => undefined,
        onOutput: () => () => undefined,
      };
    },
    attachRemote: () => Promise.reject(new Error('not used by the playground')),
    hibernate: async () => false,
    wake: async () => undefined,
    async detach(id) {
      roots.delete(id);
    },
    dialogs: {
      open: false,
      confirm: async () => ({ ok: false }),
      prompt: async () => ({ value: null }),
      pick: async () => ({ ids: [] }),
      blocked: [],
      unblock: () => false,
    },
    snapshot: () => ({ group: [...roots].map(([id, group]) => [id, { group }]) }),
    onTraffic(listener) {
      tap = listener;
      return () => undefined;
    },
    async destroy() {},
  };
  return Object.assign(renderer, { names });
}

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(performance.now()), 0));
});
afterEach(() => vi.unstubAllGlobals());

describe('PlaygroundHost names', () => {
  it('attaches every pane under the name "Playground" (the provenance mark), never its mount id', async () => {
    const container = new EventTarget();
    const renderer = fakeRenderer(container, (_id, _code, api) => api.render());
    const host = new PlaygroundHost(renderer, container as unknown as HTMLElement);
    await host.run('left', 'a');
    await host.run('right', 'b');
    await host.runPrefix('left', 'c');
    expect(renderer.names).toEqual([PROVENANCE_NAME, PROVENANCE_NAME, PROVENANCE_NAME]);
    expect(PROVENANCE_NAME).not.toMatch(/left|right/);
  });
});

describe('PlaygroundHost.judge (the model-in-the-loop verdict)', () => {
  it('passes a program that renders and stays quiet', async () => {
    const container = new EventTarget();
    const host = new PlaygroundHost(
      fakeRenderer(container, (_id, _code, api) => api.render()),
      container as unknown as HTMLElement,
    );
    expect(await host.judge('left', 'ok', { renderMs: 500, settleMs: 50 })).toEqual({ ok: true });
  });

  it("fails with the renderer's error, naming code, op and path", async () => {
    const container = new EventTarget();
    const host = new PlaygroundHost(
      fakeRenderer(container, (id, _code, api) => {
        api.render();
        api.emit('suip-error', {
          generatorId: id,
          error: {
            code: -32001,
            message: 'op 0 (suip/ops/remove) at path ["x"]: no such particle',
            data: { method: 'suip/ops/remove', path: ['x'], index: 0 },
          },
        });
      }),
      container as unknown as HTMLElement,
    );
    const outcome = await host.judge('left', 'bad', { renderMs: 500, settleMs: 200 });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toBe(
      'renderer error [PathNotFound (-32001)]: op 0 (suip/ops/remove) at path ["x"]: no such particle',
    );
    expect(host.errors.get('left')?.[0]).toMatchObject({
      source: 'renderer',
      method: 'suip/ops/remove',
      path: ['x'],
      index: 0,
    });
  });

  it('fails with the exception and its line, and on a watchdog termination', async () => {
    const container = new EventTarget();
    const host = new PlaygroundHost(
      fakeRenderer(container, (id, code, api) => {
        if (code === 'throws')
          api.emit('suip-error', {
            generatorId: id,
            error: {
              code: -32603,
              message: "the generator's code threw: x is not defined (line 4)",
              data: { reason: 'exception' },
            },
          });
        else api.emit('suip-status', { generatorId: id, status: 'terminated', reason: 'heartbeat' });
      }),
      container as unknown as HTMLElement,
    );
    const thrown = await host.judge('left', 'throws', { renderMs: 500 });
    expect(thrown).toEqual({
      ok: false,
      error: "generator error [InternalError (-32603), line 4]: the generator's code threw: x is not defined (line 4)",
    });
    expect(host.errors.get('left')?.[0]?.line).toBe(4);
    const frozen = await host.judge('left', 'loops', { renderMs: 500 });
    expect(frozen).toEqual({ ok: false, error: 'The generator stopped (terminated).' });
  });

  it('fails a program that renders nothing, telling the model what to call', async () => {
    const container = new EventTarget();
    const host = new PlaygroundHost(
      fakeRenderer(container, () => undefined),
      container as unknown as HTMLElement,
    );
    const outcome = await host.judge('right', 'nothing', { renderMs: 150 });
    expect(outcome).toMatchObject({ ok: false });
    expect(!outcome.ok && outcome.error).toContain('rendered nothing');
  });

  it('words errors for the model', () => {
    expect(
      describeError({
        generatorId: 'a',
        source: 'sandbox',
        message: 'rate: too many messages',
        code: -32005,
        codeName: 'LimitExceeded',
      }),
    ).toBe('sandbox error [LimitExceeded (-32005)]: rate: too many messages');
  });
});
