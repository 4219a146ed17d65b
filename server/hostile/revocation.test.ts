import { describe, expect, it } from 'vitest';
import { agentCall } from '../testing/live-test-client.ts';
import { serverForSuite, subscribedPage } from '../testing/server-suite.ts';

/**
 * Revocation is one mechanism (issue 45, item 2), against a real server process: ending a session
 * ends every token and every stream of it. Before, a canvas SSE stream opened with the session
 * token stayed open and received ops posted after the DELETE, the revoked tokens still read
 * `GET …/state` (200) and opened a new stream, and the agent could still post canvas ops.
 */

const AGENT = 'agent-token-revocation-0123456789';

/** An SSE response read to its end (or `ms`), as text. */
async function readStream(response: Response, ms: number): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  let text = '';
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) {
      await reader.cancel();
      return { text, ended: false };
    }
    const chunk = await Promise.race([
      reader.read(),
      new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), left)),
    ]);
    if (chunk === 'late') continue;
    if (chunk.done) return { text, ended: true };
    text += Buffer.from(chunk.value).toString();
  }
}

describe('ending a session (real process)', () => {
  const server = serverForSuite('suip-revocation-', ['--agent-token', AGENT]);

  it('ends every token and stream of it: live sockets, canvas SSE streams, state reads, new streams and canvas ops', async () => {
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const id = created.sessionId as string;
    const wsToken = created.wsToken as string;
    expect(
      (
        await agentCall(server.url, AGENT, `/api/canvas/${id}/ops`, {
          ops: [{ op: 'upsert', id: 'a', type: 'note', data: { text: '1' } }],
        })
      ).status,
    ).toBe(200);
    // A page subscribes (getting its session token) and opens the canvas stream with it.
    const page = await subscribedPage(server.url, created);
    const sessionToken = String(page.frames.find((f) => f.type === 'ack')!.payload!.sessionToken);
    const stream = await fetch(`${server.url}/api/canvas/${id}/sse?token=${encodeURIComponent(sessionToken)}`);
    expect(stream.status).toBe(200);
    const state = (token: string) => fetch(`${server.url}/api/canvas/${id}/state?token=${encodeURIComponent(token)}`);
    expect((await state(sessionToken)).status).toBe(200);

    const reading = readStream(stream, 20_000);
    expect((await agentCall(server.url, AGENT, `/api/sessions/${id}`, undefined, 'DELETE')).status).toBe(200);
    // The open canvas stream is told and ends; so does the socket.
    const seen = await reading;
    expect(seen.ended).toBe(true);
    expect(seen.text).toMatch(/event: error\ndata: \{"code":"SESSION_ENDED"/);
    await page.until(() => page.errors().includes('SESSION_ENDED'), 'SESSION_ENDED on the socket');

    // The agent can post no op to the ended session; nothing reaches a stream.
    const op = await agentCall(server.url, AGENT, `/api/canvas/${id}/ops`, {
      ops: [{ op: 'patch', id: 'a', data: { text: '2' } }],
    });
    expect(op).toMatchObject({ status: 410, code: 'SESSION_ENDED' });
    expect(seen.text).not.toContain('"text":"2"');
    // Neither revoked token reads the state or opens a new stream; the agent reads no state either.
    for (const token of [wsToken, sessionToken]) {
      const read = await state(token);
      expect(read.status).toBe(410);
      expect(await read.json()).toMatchObject({ code: 'SESSION_ENDED' });
      const again = await fetch(`${server.url}/api/canvas/${id}/sse?token=${encodeURIComponent(token)}`);
      expect(again.status).toBe(410);
      await again.body?.cancel();
    }
    expect((await agentCall(server.url, AGENT, `/api/canvas/${id}/state`)).status).toBe(410);
    page.ws.close();
  }, 120_000);
});
