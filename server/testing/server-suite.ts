import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { liveTestClient } from './live-test-client.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/** What `serverForSuite` takes besides the server's flags. */
export interface SuiteServerOptions {
  /** Extra environment (`SUIP_LLM_KEY`, a fault drill). */
  env?: NodeJS.ProcessEnv;
  /** `startServer`'s options (a descriptor limit). */
  process?: Parameters<typeof startServer>[2];
  /** Where the data directory goes (default the system's temporary folder; a load test wants a disk). */
  parent?: string;
}

/**
 * A real server process for the enclosing `describe`: a fresh data directory (`--data-dir`), the
 * given flags (or a function of them, read when the suite starts, for a flag that names a fake
 * model started by an earlier `beforeAll`), started before the suite's tests and stopped, its
 * directory removed, after them. The answer is filled in when the server has started: read its
 * fields inside tests and hooks only.
 */
export function serverForSuite(
  prefix: string,
  flags: readonly string[] | (() => readonly string[]),
  options: SuiteServerOptions = {},
): ServerProcess & { dir: string } {
  const dir = mkdtempSync(join(options.parent ?? tmpdir(), prefix));
  const handle = { dir } as ServerProcess & { dir: string };
  let started: ServerProcess | undefined;
  beforeAll(async () => {
    const given = typeof flags === 'function' ? flags() : flags;
    started = await startServer(['--data-dir', dir, ...given], options.env, options.process);
    Object.assign(handle, started);
  }, 120_000);
  afterAll(async () => {
    await started?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}

type Fields = Record<string, unknown>;

/** A live-channel page subscribed to a session the agent created (its `sessionId` and `wsToken`), once acknowledged. */
export async function subscribedPage(url: string, created: Fields, extra: Fields = {}) {
  const page = liveTestClient(url);
  await page.opened;
  page.send({ type: 'subscribe', payload: { sessionId: created.sessionId, wsToken: created.wsToken, ...extra } });
  const what = `the ack of a page of ${String(created.sessionId)}`;
  await page.until((frames) => frames.some((frame) => frame.type === 'ack'), what);
  return page;
}
