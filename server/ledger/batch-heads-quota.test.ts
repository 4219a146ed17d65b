import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer, type RedisServer } from '../testing/redis-server.ts';
import type { AppendItem, Ledger } from './ledger.ts';
import { createMemoryLedger } from './memory-ledger.ts';
import { createRedisLedger } from './redis-ledger.ts';
import { createSqliteLedger } from './sqlite-ledger.ts';

// A real file on the repository's disk (gitignored `.suip-data/`), as the ledger's own tests do.
const root = fileURLToPath(new URL('../../.suip-data/', import.meta.url));
mkdirSync(root, { recursive: true });
const dir = mkdtempSync(join(root, 'batch-heads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUOTA = 3200;

/**
 * A session holding one big head (1,500 bytes: the entry that set it and the head itself), then one
 * multi-append of 20 small entries that all replace that head: what a live channel's data batch of
 * `replace` envelopes on one channel is (server/sessions/streams.ts `appendData`). The batch grows the
 * session by about 600 bytes (20 entries, the head shrinks once), over the room the quota leaves.
 */
async function fillWithBatch(ledger: Ledger): Promise<void> {
  await ledger.append('s', 'data', JSON.stringify({ v: 'x'.repeat(1500) }), 'h');
  const batch: AppendItem[] = Array.from({ length: 20 }, (_, i) => ({
    session: 's',
    kind: 'data',
    payload: JSON.stringify({ i, v: 'y'.repeat(90) }),
    head: 'h',
  }));
  await ledger.appendAll(batch);
}

/** What the quota promises whatever the batch: the kept entries and heads stay within it. */
async function expectWithinQuota(ledger: Ledger): Promise<void> {
  const { bytes, quotaBytes } = await ledger.usage('s');
  expect(quotaBytes).toBe(QUOTA);
  expect(bytes).toBeLessThanOrEqual(QUOTA);
  await ledger.close();
}

describe('a multi-append that replaces one head several times stays within the quota', () => {
  // The plan subtracted the head's size before the call once per item that replaces it, so twenty
  // replacements of a 1,500-byte head were planned as 26,000 bytes freed and nothing was trimmed.
  it('in memory', async () => {
    const ledger = createMemoryLedger({ quotaBytes: QUOTA });
    await fillWithBatch(ledger);
    await expectWithinQuota(ledger);
  });

  // The same plan in the SQLite commits (sqlite-commits.ts, the `adding` map of its quota check).
  it('on SQLite', async () => {
    const ledger = createSqliteLedger(join(dir, 'heads.sqlite'), { quotaBytes: QUOTA });
    await fillWithBatch(ledger);
    await expectWithinQuota(ledger);
  });
});

describe.skipIf(!hasRedisServer())('the same batch on Redis (a real redis-server on a free port)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  // The same plan was in the Lua script of redis-ledger.ts (it read the stored head for every item).
  it('on Redis', async () => {
    const ledger = await createRedisLedger(redis.url, { quotaBytes: QUOTA });
    await fillWithBatch(ledger);
    await expectWithinQuota(ledger);
  });
});
