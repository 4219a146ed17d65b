import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer } from '../testing/redis-server.ts';
import { startRedisCluster, type RedisCluster } from '../testing/redis-cluster.ts';
import { createRedisLedger } from './redis-ledger.ts';

describe.skipIf(!hasRedisServer())('Redis ledger on a real Redis Cluster (3 primaries)', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('appends a frame with its event in one script: every key of a session is in one slot (no CROSSSLOT)', async () => {
    const s = `slot-${Date.now()}`;
    const node = await cluster.primaryOf(`suip:ledger:${s}`);
    const ledger = await createRedisLedger(node.url);
    await expect(ledger.appendAll([
      { session: s, kind: 'render', payload: '{"session":{}}', head: 'render' },
      { session: `${s}.events`, kind: 'render', payload: '{}', seqOf: 0 },
    ])).resolves.toEqual([1, 1]);
    await ledger.close();
  });
});
