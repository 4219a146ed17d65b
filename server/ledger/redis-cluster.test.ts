import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisCluster, type RedisCluster } from '../testing/redis-cluster.ts';
import { hasRedisServer } from '../testing/redis-server.ts';
import { ledgerConformance } from './conformance.ts';
import { redisKeys } from './redis-keys.ts';
import { createRedisLedger } from './redis-ledger.ts';

describe.skipIf(!hasRedisServer())('Redis ledger on a real Redis Cluster (3 primaries)', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  ledgerConformance((options) => createRedisLedger({ cluster: cluster.urls }, options), 'cluster');

  it('appends a frame with its event in one script: every key of a session is in one slot (no CROSSSLOT)', async () => {
    const ledger = await createRedisLedger({ cluster: cluster.urls });
    const admin = createClient({ url: cluster.urls[0]! });
    await admin.connect();
    // Sessions spread over the three primaries; each one's keys (and its events stream's) in one slot.
    for (let i = 0; i < 12; i += 1) {
      const s = `slot-${Date.now()}-${i}`;
      const keys = redisKeys('suip');
      const names = [s, `${s}.events`].flatMap((name) => [
        keys.stream(name),
        keys.heads(name),
        keys.meta(name),
        keys.actionKeys(name),
        keys.appended(name),
      ]);
      const slots = new Set(await Promise.all(names.map((name) => admin.sendCommand(['CLUSTER', 'KEYSLOT', name]))));
      expect(slots.size).toBe(1);
      await expect(
        ledger.appendAll([
          { session: s, kind: 'render', payload: '{"session":{}}', head: 'render' },
          { session: `${s}.events`, kind: 'render', payload: '{}', seqOf: 0 },
        ]),
      ).resolves.toEqual([1, 1]);
      expect(
        await ledger.appendAll([{ session: `${s}.events`, kind: 'action', payload: '{}' }], {
          session: s,
          key: 'tab/1',
        }),
      ).toEqual([2]);
    }
    await admin.close();
    await ledger.close();
  });

  it('refuses a key prefix with a brace (it would move the hash tag)', async () => {
    await expect(createRedisLedger({ cluster: cluster.urls }, { prefix: 'a{b}' })).rejects.toThrow(/no \{ or \}/);
  });

  it('serves tails of sessions on every primary: each gets its entries in order, once', async () => {
    const ledger = await createRedisLedger({ cluster: cluster.urls });
    const writer = await createRedisLedger({ cluster: cluster.urls });
    const sessions = Array.from({ length: 60 }, (_, i) => `ctail-${Date.now()}-${i}`);
    const seen = new Map<string, number[]>(sessions.map((s) => [s, []]));
    const stops = sessions.map((s) => ledger.tail(s, 0, (entry) => seen.get(s)!.push(entry.seq)));
    for (let round = 0; round < 5; round += 1)
      await Promise.all(sessions.map((session) => writer.append(session, 'data', String(round))));
    for (let i = 0; i < 500 && [...seen.values()].some((seqs) => seqs.length < 5); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect([...seen.values()].every((seqs) => seqs.join() === '1,2,3,4,5')).toBe(true);
    for (const stop of stops) stop();
    await ledger.close();
    await writer.close();
  }, 60_000);
});
