import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Agent, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocketBudgets } from '../http/socket-budgets.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';
import { healthRoutes } from './health-routes.ts';
import { countRefusals } from './refusal-counter.ts';

/** GET `path` on `port` over `agent` (one keep-alive connection): status and body. */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('/readyz under a flood (real SQLite ledger, real HTTP on 127.0.0.1)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-readyz-'));
  let ledger: Ledger;
  let server: Server;
  let port = 0;
  let clock = 1_000_000;
  let healthCalls = 0;
  let writable = true;
  beforeAll(async () => {
    const real = createSqliteLedger(join(dir, 'ledger.sqlite'));
    await real.ready?.();
    ledger = {
      ...real,
      health() {
        healthCalls += 1;
        const health = real.health!();
        return writable ? health : { ...health, writable: false, reason: 'the writer thread stopped' };
      },
    };
    const refusals = countRefusals(() => undefined);
    const budgets = createSocketBudgets();
    const routes = healthRoutes({ ledger, ledgerKind: 'sqlite', budgets, refusals, now: () => clock });
    const ready = routes.find((route) => route.path === '/readyz')!;
    const context = { segments: [], body: undefined, isAgent: false };
    server = createServer((req, res) => void ready.handle(req, res, new URL(req.url!, 'http://x'), context));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await ledger?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('500 requests on one keep-alive connection work the verdict out once per second, not once each', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 500; i += 1) expect((await get(port, '/readyz', agent)).status).toBe(200);
    // Before: 500 (each request read every session's totals from SQLite on the main thread).
    expect(healthCalls).toBe(1);
    // The ledger stops writing: the standing verdict is answered until it is a second old, then the truth.
    writable = false;
    clock += 999;
    expect((await get(port, '/readyz', agent)).status).toBe(200);
    clock += 1;
    const down = await get(port, '/readyz', agent);
    expect(down.status).toBe(503);
    expect(down.body).toContain('the writer thread stopped');
    expect(healthCalls).toBe(2);
    agent.destroy();
  });
});
