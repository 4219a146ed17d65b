import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, upgradeHead } from '../testing/raw-request.ts';
import { startServer, type ServerProcess } from '../testing/server-process.ts';

/** `suip serve`'s upgrade listener against a real process: a hostile request target is a 400, never a crash. */
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  server = await startServer([]);
  port = Number(new URL(server.url).port);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('routeUpgrades', () => {
  it('answers an upgrade whose target is `//` with 400 BAD_PATH and keeps serving', async () => {
    for (const target of ['//', '//[', '/ws//x']) {
      const answer = await rawExchange(port, upgradeHead(target, port));
      if (target === '/ws//x') expect(answer).not.toMatch(/^HTTP\/1\.1 101/);
      else {
        expect(answer).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer).toContain('"code":"BAD_PATH"');
      }
    }
    expect(server.child.exitCode).toBeNull();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(server.output().stderr + server.output().stdout).toContain('"code":"BAD_PATH"');
  }, 30_000);
});
