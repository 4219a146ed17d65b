import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUntilKilled } from '../testing/kill-writer.ts';
import { hasRedisServer, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import { ledgerConformance } from './conformance.ts';
import { createMemoryLedger } from './memory-ledger.ts';
import { createRedisLedger } from './redis-ledger.ts';
import { createSqliteLedger } from './sqlite-ledger.ts';

describe('memory ledger', () => {
  // One store shared by the "processes" of a test, as the other stores are.
  const stores = new Map<string, ReturnType<typeof createMemoryLedger>>();
  ledgerConformance(async (options = {}) => {
    const name = `${options.window}-${options.quotaBytes}`;
    let store = stores.get(name);
    if (store === undefined) stores.set(name, (store = createMemoryLedger(options)));
    return { ...store, close: async () => undefined };
  }, 'mem');
});

describe.each(['thread', 'loop'] as const)('SQLite ledger (a real file, WAL), commits on the %s', (commitOn) => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-ledger-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  ledgerConformance(
    async (options = {}) =>
      createSqliteLedger(join(dir, `ledger-${options.window}-${options.quotaBytes}.sqlite`), { ...options, commitOn }),
    `sql-${commitOn}`,
  );

  it('keeps every acknowledged append across a kill -9 of the writing process, with no gap', async () => {
    const file = join(dir, 'killed.sqlite');
    const acknowledged = await writeUntilKilled(file, ['killed-session', 'data', commitOn]);
    const ledger = createSqliteLedger(file, { commitOn });
    const { entries } = await ledger.read('killed-session', 0);
    const seqs = entries.map((e) => e.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(acknowledged);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    // A restarted writer continues the numbering where it stopped.
    expect(await ledger.append('killed-session', 'data', '"after"')).toBe(seqs.length + 1);
    await ledger.close();
  }, 60_000);
});

describe.skipIf(!hasRedisServer())('Redis Streams ledger (a real redis-server on a free port)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });
  ledgerConformance((options) => createRedisLedger(redis.url, options), 'redis');

  it('a read Redis cannot answer is STORE_FAILED (retryable 503), like a failed append, not a bare error', async () => {
    const own = await startRedisServer();
    const ledger = await createRedisLedger(own.url);
    await ledger.append('down-session', 'data', '"x"');
    await own.kill();
    const read = ledger.read('down-session', 0).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(await read).toMatchObject({ name: 'LedgerError', code: 'STORE_FAILED' });
    await ledger.close().catch(() => undefined);
    await own.stop();
  }, 60_000);

  it('serves 1,000 tails from one connection: each gets its entry', async () => {
    const ledger = await createRedisLedger(redis.url);
    const probe = await createRedisLedger(redis.url);
    const clients = async () => {
      const { createClient } = await import('redis');
      const admin = createClient({ url: redis.url });
      await admin.connect();
      const list = String(await admin.sendCommand(['CLIENT', 'LIST']));
      await admin.close();
      return list.trim().split('\n').length - 1; // without the admin connection itself
    };
    const before = await clients();
    const sessions = Array.from({ length: 1000 }, (_, i) => `rtail-${Date.now()}-${i}`);
    const seen = new Map<string, number[]>(sessions.map((s) => [s, []]));
    const stops = sessions.map((s) => ledger.tail(s, 0, (entry) => seen.get(s)!.push(entry.seq)));
    await probe.appendAll(sessions.map((session) => ({ session, kind: 'data', payload: '1' })));
    for (let i = 0; i < 300 && [...seen.values()].some((seqs) => seqs.length < 1); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect([...seen.values()].every((seqs) => seqs.length === 1 && seqs[0] === 1)).toBe(true);
    expect((await clients()) - before).toBeLessThanOrEqual(1);
    for (const stop of stops) stop();
    await ledger.close();
    await probe.close();
  }, 60_000);
});

if (!hasRedisServer())
  console.warn('redis-server is not installed: the Redis ledger suite is skipped (.ci/run installs it)');
