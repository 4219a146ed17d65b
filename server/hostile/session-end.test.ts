import { describe, expect, it } from 'vitest';
import { agentCall, liveTestClient } from '../testing/live-test-client.ts';
import { serverForSuite } from '../testing/server-suite.ts';

/**
 * An agent can always end what it started (issue 45, item 1), against a real server process with
 * a real SQLite ledger: a viewer holding only its wsToken floods the session's event stream with
 * 60 KB actions over 4 sockets until its actions are refused, and the agent still renders,
 * drains and ends the session; it was told before the refusals began, and the refusals leave one
 * log line. The quota is 2 MiB here (`--quota-mb 2`) so the flood takes seconds, not minutes.
 */

const AGENT = 'agent-token-session-end-0123456789';

describe('a session its pages filled to the quota (real process)', () => {
  const server = serverForSuite('suip-session-end-', ['--agent-token', AGENT, '--quota-mb', '2']);

  it('a viewer flooding 60 KB actions over 4 sockets cannot stop the agent from rendering, draining and ending the session', async () => {
    const created = await agentCall(server.url, AGENT, '/api/sessions', {});
    const id = created.sessionId as string;
    const pages = Array.from({ length: 4 }, () => liveTestClient(server.url));
    await Promise.all(pages.map((page) => page.opened));
    pages.forEach((page, n) =>
      page.send({
        type: 'subscribe',
        payload: { sessionId: id, wsToken: created.wsToken, clientId: `tab${n}`, fromSeq: 0 },
      }),
    );
    await Promise.all(pages.map((page) => page.until((f) => f.some((x) => x.type === 'ack'), 'the ack')));
    const big = 'x'.repeat(60_000);
    const answered = (page: (typeof pages)[number]) =>
      page.frames.filter((f) => f.type === 'action_recorded' || f.payload?.code === 'QUOTA_EXCEEDED').length;
    // Pages may fill half of 2 MiB (17 actions of 60 KB); 4 × 15 = 60 are sent, one per socket at a time (each waits for its answer).
    for (let clientSeq = 1; clientSeq <= 15; clientSeq += 1) {
      pages.forEach((page) =>
        page.send({ type: 'action', payload: { sessionId: id, type: 'flood', payload: { big }, clientSeq } }),
      );
      await Promise.all(
        pages.map((page) => page.until(() => answered(page) >= clientSeq, `answer ${clientSeq}`, 60_000)),
      );
    }
    const refused = pages.reduce((n, page) => n + page.errors().filter((code) => code === 'QUOTA_EXCEEDED').length, 0);
    expect(refused).toBeGreaterThan(0);
    // Then it tops the stream up to the last byte: smaller actions, then host contexts (19 bytes
    // at the least, less than the 31 an `ended` event takes), each size until it is refused.
    const [page] = pages as [(typeof pages)[number]];
    let clientSeq = 100;
    let pings = 0;
    const settle = async () => {
      pings += 1;
      page.send({ type: 'ping' });
      await page.until((f) => f.filter((x) => x.type === 'pong').length >= pings, 'the pong', 30_000);
    };
    for (const size of [6000, 600, 60, 6, 0]) {
      for (let before = -1; before === -1 || before === page.errors().length;) {
        before = page.errors().length;
        page.send({
          type: 'action',
          payload: { sessionId: id, type: 'f', payload: 'x'.repeat(size), clientSeq: (clientSeq += 1) },
        });
        await settle();
      }
    }
    let context = 0;
    for (const size of [3000, 300, 30, 3, 0]) {
      for (let before = -1; before === -1 || before === page.errors().length;) {
        before = page.errors().length;
        page.send({ type: 'host_context_observed', payload: { [String((context += 1) % 10)]: 'x'.repeat(size) } });
        await settle();
      }
    }

    // The agent was told before the refusals began, and when they did.
    const events = (await agentCall(server.url, AGENT, `/api/sessions/${id}/events?since=0`)).events as Array<{
      sequence: number;
      kind: string;
      payload: { code?: string };
    }>;
    const near = events.find((e) => e.kind === 'budget' && e.payload.code === 'QUOTA_NEAR');
    const exceeded = events.find((e) => e.kind === 'budget' && e.payload.code === 'QUOTA_EXCEEDED');
    expect(near).toBeDefined();
    expect(exceeded).toBeDefined();
    expect(near!.sequence).toBeLessThan(exceeded!.sequence);

    // The agent's render and drain are answered; the drain frees room, so pages' actions are taken again.
    const render = await agentCall(server.url, AGENT, `/api/sessions/${id}/render`, {
      session: { componentCode: 'suip.render(suip.text("still here"))' },
    });
    expect(render.status).toBe(200);
    const last = Math.max(...events.map((e) => e.sequence));
    const drain = await agentCall(server.url, AGENT, `/api/sessions/${id}/drain`, { through: last });
    expect(drain.status).toBe(200);
    expect(drain.drained).toBeGreaterThanOrEqual(15);
    pages[0]!.send({ type: 'action', payload: { sessionId: id, type: 'flood', payload: { big }, clientSeq: 16 } });
    await pages[0]!.until(
      (f) => f.some((x) => x.type === 'action_recorded' && x.payload?.clientSeq === 16),
      'an action after the drain',
      30_000,
    );

    // And the session ends: every socket is closed with SESSION_ENDED.
    const ended = await agentCall(server.url, AGENT, `/api/sessions/${id}`, undefined, 'DELETE');
    expect(ended.status).toBe(200);
    await Promise.all(
      pages.map((page) => page.until(() => page.errors().includes('SESSION_ENDED'), 'SESSION_ENDED', 30_000)),
    );

    // Every refusal was logged, once per session per minute.
    const lines = server
      .output()
      .stderr.split('\n')
      .filter((line) => line.includes('"session-quota-refused"') && line.includes(id));
    expect(lines).toHaveLength(1);
  }, 240_000);
});
