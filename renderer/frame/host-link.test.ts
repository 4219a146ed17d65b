import { describe, expect, it, vi } from 'vitest';
import { createHostLink } from './host-link.ts';
import type { RelayReport } from '../../shared/relay-control.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('createHostLink', () => {
  it('passes strings to the data channel and known control shapes, as fresh objects, to onReport', async () => {
    const { port1, port2 } = new MessageChannel();
    const reports: RelayReport[] = [];
    const data: unknown[] = [];
    const link = createHostLink(port1, (r) => reports.push(r));
    link.channel.onMessage((text) => data.push(text));
    port2.postMessage('{"jsonrpc":"2.0"}');
    port2.postMessage({ suip: 'terminated', reason: 'heartbeat', message: 'stuck', extra: 'dropped' });
    port2.postMessage({ suip: 'exception', message: 'x'.repeat(5000), line: 2.5 });
    port2.postMessage({ suip: 'isolation', mode: 'frame', message: 'no Worker', extra: 'dropped' });
    port2.postMessage({ suip: 'isolation', mode: 'wasm', message: 'unknown mode' });
    port2.postMessage({ suip: 'pong', extra: 'dropped' });
    port2.postMessage({ suip: 'connect' });
    port2.postMessage(null);
    port2.postMessage(42);
    // Port messages are ordered: once the sentinel arrived, everything before it was handled.
    port2.postMessage('end');
    await vi.waitFor(() => expect(data).toContain('end'));
    expect(data).toEqual(['{"jsonrpc":"2.0"}', 'end']);
    expect(reports).toEqual([
      { suip: 'terminated', reason: 'heartbeat', message: 'stuck' },
      { suip: 'exception', message: 'x'.repeat(1000), line: undefined },
      { suip: 'isolation', mode: 'frame', message: 'no Worker' },
      { suip: 'pong' },
    ]);
    link.close();
    port2.close();
  });

  it('sends nothing and delivers nothing once closed', async () => {
    const { port1, port2 } = new MessageChannel();
    const seen: unknown[] = [];
    port2.onmessage = (event) => seen.push(event.data);
    const link = createHostLink(port1, () => undefined);
    link.channel.send('before');
    await vi.waitFor(() => expect(seen).toEqual(['before']));
    link.close();
    link.channel.send('after');
    link.command({ suip: 'stop' });
    await tick();
    expect(seen).toEqual(['before']);
    port2.close();
  });

  it('release hands back the open port: the link delivers nothing more, a command on it still goes out', async () => {
    const { port1, port2 } = new MessageChannel();
    const seen: unknown[] = [];
    const data: unknown[] = [];
    port2.onmessage = (event) => seen.push(event.data);
    const link = createHostLink(port1, () => undefined);
    link.channel.onMessage((text) => data.push(text));
    const port = link.release();
    expect(port).toBe(port1);
    expect(link.release()).toBeUndefined();
    port2.postMessage('late data of the old run');
    link.channel.send('not sent');
    port?.postMessage({ suip: 'stop' });
    await vi.waitFor(() => expect(seen).toEqual([{ suip: 'stop' }]));
    await tick();
    expect(data).toEqual([]);
    port1.close();
    port2.close();
  });
});
