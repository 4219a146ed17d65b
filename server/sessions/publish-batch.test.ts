import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';
import { writeUntilKilled } from '../testing/kill-writer.ts';
import { publishEnvelopes } from './publish-envelopes.ts';
import { appendCreated, dataHead } from './streams.ts';

// A real file on the repository's disk (gitignored `.suip-data/`), as the ledger's own tests do.
const root = fileURLToPath(new URL('../../.suip-data/', import.meta.url));
mkdirSync(root, { recursive: true });
const dir = mkdtempSync(join(root, 'publish-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const data = (i: number, mode = 'append') => ({ channel: mode === 'replace' ? 'last' : 'ticks', mode, payload: { i } });

describe('a data batch on the SQLite ledger', () => {
  it('is one transaction: 100 envelopes cost one commit (one fsync), not 100, with their seqs in order', async () => {
    const file = join(dir, 'batch.sqlite');
    const ledger = createSqliteLedger(file);
    await appendCreated(ledger, 's', 'app');
    // The writer bumps this one-row counter once per transaction it commits.
    const counter = new Database(file, { readonly: true });
    const commits = () => counter.prepare<[], { n: number }>('SELECT n FROM commits WHERE id = 1').get()!.n;
    const before = commits();
    const batch = Array.from({ length: 100 }, (_, i) => data(i, i === 99 ? 'replace' : 'append'));
    const answer = await publishEnvelopes(ledger, 's', 'data', batch);
    expect(commits() - before).toBe(1);
    expect(answer).toEqual({ seqs: Array.from({ length: 100 }, (_, i) => i + 2) });
    const { entries } = await ledger.read('s', 1);
    expect(entries.map((e) => (JSON.parse(e.payload) as { payload: { i: number } }).payload.i)).toEqual(
      batch.map((b) => b.payload.i),
    );
    expect((await ledger.heads('s'))[dataHead('last')]?.seq).toBe(101);
    counter.close();
    await ledger.close();
  });

  it('is all or nothing: a batch larger than the whole quota is refused with SESSION_QUOTA and records none of it', async () => {
    const ledger = createSqliteLedger(join(dir, 'quota.sqlite'), { quotaBytes: 4096 });
    await appendCreated(ledger, 's', 'app');
    const batch = Array.from({ length: 20 }, (_, i) => ({ ...data(i), payload: { i, pad: 'x'.repeat(400) } }));
    // One at a time, each envelope fitted by trimming the ones before it: the agent was never told.
    await expect(publishEnvelopes(ledger, 's', 'data', batch)).rejects.toMatchObject({ code: 'SESSION_QUOTA' });
    expect(await ledger.last('s')).toBe(1);
    await ledger.close();
  });

  it('keeps every acknowledged batch across a kill -9 of the writing process, and never half of one', async () => {
    const file = join(dir, 'killed-batches.sqlite');
    const acknowledged = await writeUntilKilled(file, ['ses-batches', 'batch']);
    const ledger = createSqliteLedger(file);
    const seqs = (await ledger.read('ses-batches', 0)).entries.map((e) => e.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(acknowledged);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    // The writer publishes batches of 10 (`server/testing/ledger-writer.ts`): whole batches only.
    expect(seqs.length % 10).toBe(0);
    await ledger.close();
  }, 60_000);
});
