import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../testing/server-process.ts';

/**
 * A ledger that cannot die quietly (issue 45, finding 5): the SQLite writer thread once died on
 * EMFILE and every agent write then answered 503 for good while `/healthz` said 200. Its death is
 * simulated here by the writer's failure drill (`SUIP_TEST_WRITER_FAULT`, read by
 * `server/ledger/sqlite-writer.ts`): a thread that exits on its batch, as a crashed one does.
 */

const AGENT = 'agent-token-for-writer-death';
const dirs: string[] = [];
let server: ServerProcess | undefined;

async function start(fault: string): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'suip-writer-death-'));
  dirs.push(dir);
  server = await startServer(['--data-dir', dir, '--agent-token', AGENT], { SUIP_TEST_WRITER_FAULT: fault });
  return server;
}

const createSession = (url: string) =>
  fetch(`${url}/api/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${AGENT}`, 'content-type': 'application/json' },
    body: '{}',
  });

afterEach(async () => {
  if (server?.child.exitCode === null) await server.stop();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the ledger writer thread (real process)', () => {
  it('a writer that dies is restarted: /readyz says 503 while it is down, /healthz stays 200, then writes work again', async () => {
    const { url, output } = await start('exit-on-first-batch');
    const first = await createSession(url);
    expect(first.status).toBe(503);
    expect(((await first.json()) as { error: string }).error).toMatch(/writer thread stopped/);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { reasons: string[] }).reasons.join(' ')).toMatch(
      /writer thread stopped .* restarts in/,
    );
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 20_000, interval: 100 }).toBe(200);
    expect((await createSession(url)).status).toBe(201);
    expect(output().stderr).toContain('"event":"ledger-writer-restarted"');
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const metrics = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${AGENT}` } })).text();
    expect(metrics).toMatch(/^suip_ledger_writer_restarts_total 1$/m);
    expect(metrics).toMatch(/^suip_ledger_append_latency_ms_count [1-9]/m);
  }, 60_000);

  it('a writer that keeps dying makes the process exit non-zero, so its supervisor restarts it', async () => {
    const { url, child, output } = await start('exit-on-batch');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let sawNotReady = false;
    // Each write kills the writer; after its restarts are spent the process must go, not answer 503 for ever.
    for (let i = 0; i < 200 && child.exitCode === null; i += 1) {
      await createSession(url).catch(() => undefined);
      const ready = await fetch(`${url}/readyz`).catch(() => undefined);
      const health = await fetch(`${url}/healthz`).catch(() => undefined);
      if (ready?.status === 503 && health?.status === 200) sawNotReady = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await exited).toBe(1);
    expect(sawNotReady).toBe(true);
    expect(output().stderr).toContain('"event":"ledger-failed"');
  }, 60_000);
});
