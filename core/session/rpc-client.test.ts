import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcClient, RpcRequestError } from './rpc-client.ts';

describe('RpcClient', () => {
  afterEach(() => vi.useRealTimers());

  it('sends notifications without an id and requests with increasing numeric ids', async () => {
    const sent: unknown[] = [];
    const client = new RpcClient((payload) => sent.push(payload));
    client.notify('suip/event', { path: ['a'] });
    const pending = [client.request('suip/shutdown', {}, 1000), client.request('suip/shutdown', {}, 1000)];
    expect(sent).toEqual([
      { jsonrpc: '2.0', method: 'suip/event', params: { path: ['a'] } },
      { jsonrpc: '2.0', method: 'suip/shutdown', params: {}, id: 1 },
      { jsonrpc: '2.0', method: 'suip/shutdown', params: {}, id: 2 },
    ]);
    client.rejectAll('done');
    for (const request of pending) await expect(request).rejects.toMatchObject({ reason: 'closed' });
  });

  it('settles a request with its result or its error, and ignores answers that are not ours', async () => {
    const client = new RpcClient(() => undefined);
    const ok = client.request('suip/shutdown', {}, 1000);
    const failing = client.request('suip/shutdown', {}, 1000);
    client.receive({ jsonrpc: '2.0', id: 99, result: 'stray' });
    client.receive({ jsonrpc: '2.0', id: '1', result: 'string id' });
    client.receive({ jsonrpc: '2.0', id: 1, result: { bye: true } });
    client.receive({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'no' } });
    await expect(ok).resolves.toEqual({ bye: true });
    await expect(failing).rejects.toMatchObject({ reason: 'error', message: 'no' });
    // An answer to a settled request changes nothing.
    client.receive({ jsonrpc: '2.0', id: 1, result: 'again' });
  });

  it('rejects after the timeout, and rejectAll rejects what is pending', async () => {
    vi.useFakeTimers();
    const client = new RpcClient(() => undefined);
    const slow = client.request('suip/shutdown', {}, 300);
    vi.advanceTimersByTime(300);
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    const cut = client.request('suip/shutdown', {}, 300);
    client.rejectAll('the session is closed');
    await expect(cut).rejects.toBeInstanceOf(RpcRequestError);
    await expect(cut).rejects.toMatchObject({ reason: 'closed' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
