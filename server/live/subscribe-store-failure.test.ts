import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { readConfig } from '../config.ts';
import { startServer, type SuipServer } from '../create-server.ts';

const AGENT = 'subscribe-store-failure-agent';

/**
 * A subscribe whose ledger read fails after the socket was bound to its session (what a Redis
 * Cluster primary failing over does to `XRANGE`/`XLEN`: "The client is offline", `CLUSTERDOWN`).
 * Found by the 1,000-viewer fault run: the socket stayed bound with no reader, answered pings and
 * got no frame, so its page never reconnected. It must be closed with a retryable error instead.
 */
describe('live channel: a subscribe the store fails', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-subscribe-failure-'));
  let suip: SuipServer;
  beforeAll(async () => {
    const config = readConfig(['--data-dir', dir, '--port', '0'], {
      SUIP_AGENT_TOKEN: AGENT,
      SUIP_SECRET: 'x'.repeat(40),
    });
    suip = await startServer(config, { log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await suip?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes the socket with a retryable BUSY, and the next subscribe works', async () => {
    const created = (await (
      await fetch(`${suip.url}/api/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { sessionId: string; wsToken: string };
    const ledger = suip.ledger;
    const last = ledger.last.bind(ledger);
    let failing = true;
    // The events stream is read after the socket is bound: the first such read fails, as a dead primary's would.
    ledger.last = (stream: string) =>
      failing && stream.endsWith('.events')
        ? ((failing = false), Promise.reject(new Error('The client is offline')))
        : last(stream);
    const open = () => {
      const ws = new WebSocket(`${suip.url.replace('http', 'ws')}/ws?wsToken=${encodeURIComponent(created.wsToken)}`);
      const frames: Array<{ type: string; payload?: { code?: string } }> = [];
      ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as (typeof frames)[number]));
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', payload: { sessionId: created.sessionId } })));
      const closed = new Promise<number>((resolve) => ws.on('close', resolve));
      return { ws, frames, closed };
    };
    const first = open();
    // Before the fix the socket stayed open for good (bound, so past the 10 s handshake deadline
    // too): 20 s without a close is the failure; the fix closes it at once.
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still open after 20 s'), 20_000));
    expect(await Promise.race([first.closed, timeout])).toBe(1008);
    expect(first.frames.map((f) => f.payload?.code ?? f.type)).toEqual(['BUSY']);
    const second = open();
    for (let i = 0; i < 400 && !second.frames.some((f) => f.type === 'ack'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(second.frames.map((f) => f.type)).toContain('ack');
    second.ws.close();
  }, 60_000);
});
