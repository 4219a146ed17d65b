import { describe, expect, it } from 'vitest';
import { startDeployment } from '../testing/deployment.ts';
import { hasHaproxy } from '../testing/haproxy.ts';
import { startFaultViewer } from './fault-viewer.ts';

const AGENT = 'busy-process-agent-token';

async function post(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A process that is busy is not a dead one. The 1,000-viewer fault run found that HAProxy's health
 * check waited 500 ms for `/healthz` (its `inter`, with no `timeout check`): on a loaded machine a
 * process busy with reconnects answered later, was taken out, its sockets were cut, and its pages
 * loaded the others until every process was out. Here the process is stopped (SIGSTOP) for 2.5 s,
 * a quarter of the 10 s two checks now may take, and its page must keep its socket.
 */
describe.skipIf(!hasHaproxy())('behind HAProxy: a busy process stays in the rotation', () => {
  it('a process that answers nothing for 2.5 s is not taken out, and its page keeps its socket', async () => {
    const deployment = await startDeployment({ processes: 1, ledger: 'sqlite', proxy: true, agentToken: AGENT });
    try {
      const { sessionId, wsToken } = (await post(deployment.url, '/api/sessions', {})) as {
        sessionId: string;
        wsToken: string;
      };
      const viewer = startFaultViewer(deployment.url, sessionId, wsToken);
      try {
        for (let i = 0; i < 600 && !viewer.acked; i += 1) await sleep(50);
        expect(viewer.acked).toBe(true);
        const pid = deployment.processes[0]!.child.pid!;
        process.kill(pid, 'SIGSTOP');
        await sleep(2500);
        process.kill(pid, 'SIGCONT');
        await post(deployment.url, `/api/sessions/${sessionId}/data`, { channel: 'c', mode: 'append', payload: 1 });
        for (let i = 0; i < 600 && viewer.last < 2; i += 1) await sleep(50);
        expect(deployment.proxy!.output()).not.toMatch(/is DOWN/);
        expect({ connections: viewer.connections, last: viewer.last }).toEqual({ connections: 1, last: 2 });
      } finally {
        viewer.close();
      }
    } finally {
      await deployment.stop();
    }
  }, 240_000);
});
