import { expect, it } from 'vitest';
import type { Ledger, LedgerEntry } from './ledger.ts';

/**
 * The ledger contract, one suite for every store: gap-free numbers under concurrent appends
 * (several processes, modelled by several ledgers on one store), resume, the window, tails, and
 * action deduplication. `open` gives a fresh ledger on the same store each call.
 */
export function ledgerConformance(open: (window?: number) => Promise<Ledger>, sessionPrefix: string): void {
  let n = 0;
  const session = () => `${sessionPrefix}-${Date.now()}-${(n += 1)}`;
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 300 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('numbers appends 1, 2, 3 … with no gap, also when two writers append at once', async () => {
    const a = await open();
    const b = await open();
    const s = session();
    const seqs = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).append(s, 'data', JSON.stringify({ i }))));
    expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await a.last(s)).toBe(200);
    const { entries, truncated } = await b.read(s, 0);
    expect(truncated).toBe(false);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    await a.close();
    await b.close();
  });

  it('resumes after any position with exactly the entries that follow', async () => {
    const ledger = await open();
    const s = session();
    for (let i = 1; i <= 20; i += 1) await ledger.append(s, 'data', `{"i":${i}}`);
    const { entries } = await ledger.read(s, 13);
    expect(entries.map((e) => [e.seq, e.kind, e.payload])).toEqual(Array.from({ length: 7 }, (_, i) => [14 + i, 'data', `{"i":${14 + i}}`]));
    expect((await ledger.read(s, 20)).entries).toEqual([]);
    expect((await ledger.read(s, 5, 3)).entries.map((e) => e.seq)).toEqual([6, 7, 8]);
    await ledger.close();
  });

  it('trims to the window; a reader behind it is told it is truncated', async () => {
    const ledger = await open(50);
    const s = session();
    for (let i = 1; i <= 400; i += 1) await ledger.append(s, 'data', String(i));
    const behind = await ledger.read(s, 0);
    expect(behind.truncated).toBe(true);
    // What is kept is a gap-free suffix ending at the newest entry (Redis trims approximately).
    const seqs = behind.entries.map((e) => e.seq);
    expect(seqs.at(-1)).toBe(400);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 400 - seqs.length + 1 + i));
    expect(seqs.length).toBeLessThan(400);
    expect((await ledger.read(s, 399)).truncated).toBe(false);
    await ledger.close();
  });

  it('tails: existing entries after the cursor, then new ones as they are appended, in order, once each', async () => {
    const writer = await open();
    const reader = await open();
    const s = session();
    await writer.append(s, 'data', '1');
    await writer.append(s, 'data', '2');
    const seen: LedgerEntry[] = [];
    const stop = reader.tail(s, 1, (entry) => seen.push(entry));
    for (let i = 3; i <= 10; i += 1) await writer.append(s, 'data', String(i));
    await until(() => seen.length >= 9);
    stop();
    expect(seen.map((e) => e.seq)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await writer.close();
    await reader.close();
  });

  it('deduplicates actions by their client sequence number, per session', async () => {
    const a = await open();
    const b = await open();
    const s = session();
    expect(await a.recordAction(s, 'tab-1/1')).toBe(true);
    expect(await b.recordAction(s, 'tab-1/1')).toBe(false);
    expect(await b.recordAction(s, 'tab-1/2')).toBe(true);
    // Another client's 1 is another action (two tabs each count from 1).
    expect(await b.recordAction(s, 'tab-2/1')).toBe(true);
    expect(await a.recordAction(session(), 'tab-1/1')).toBe(true);
    await a.close();
    await b.close();
  });

  it('keeps heads outside the window: the newest entry appended under each name, even when two writers race', async () => {
    const a = await open(50);
    const b = await open(50);
    const s = session();
    expect(await a.heads(s)).toEqual({});
    await a.append(s, 'render', '{"v":1}', 'render');
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).append(s, 'props_update', `{"p":${i}}`, 'props')));
    // The props head is the entry with the highest number among the racing appends.
    const newest = (await a.read(s, 1, 40)).entries.at(-1)!;
    for (let i = 0; i < 300; i += 1) await b.append(s, 'data', String(i));
    const heads = await b.heads(s);
    expect(heads.render).toEqual({ seq: 1, payload: '{"v":1}' });
    expect(heads.props).toEqual({ seq: newest.seq, payload: newest.payload });
    expect((await a.read(s, 0)).truncated).toBe(true);
    await a.close();
    await b.close();
  });

  it('refuses a session id that is not a bounded printable key', async () => {
    const ledger = await open();
    await expect(ledger.append('a b', 'data', '1')).rejects.toThrow(/session id/);
    await expect(ledger.append('x'.repeat(200), 'data', '1')).rejects.toThrow(/session id/);
    await ledger.close();
  });
}
