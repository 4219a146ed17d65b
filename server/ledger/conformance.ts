import { expect, it } from 'vitest';
import { LedgerError, type Ledger, type LedgerEntry, type LedgerOptions } from './ledger.ts';

/**
 * The ledger contract, one suite for every store: gap-free numbers under concurrent appends
 * (several processes, modelled by several ledgers on one store), resume, the window, tails, and
 * action deduplication; group commit (appends sent while earlier ones commit), durability before
 * the answer, the byte quota (trimming for room, pins, shares), atomic multi-appends and the bounded
 * action keys. `open` gives a
 * fresh ledger on the same store each call (the same options: the same store).
 */
export function ledgerConformance(open: (options?: LedgerOptions) => Promise<Ledger>, sessionPrefix: string): void {
  let n = 0;
  const suite: Suite = {
    open,
    session: () => `${sessionPrefix}-${Date.now()}-${(n += 1)}`,
    until: async (check) => {
      for (let i = 0; i < 300 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
  numbering(suite);
  commits(suite);
  quota(suite);
  multiAppends(suite);
}

/** What every part of the suite shares: the store's opener, fresh session ids, and a bounded wait. */
interface Suite {
  open: (options?: LedgerOptions) => Promise<Ledger>;
  session: () => string;
  until: (check: () => boolean) => Promise<void>;
}

/** Numbers, resume, the window, tails, action deduplication and session ids. */
function numbering({ open, session, until }: Suite): void {
  it('numbers appends 1, 2, 3 … with no gap, also when two writers append at once', async () => {
    const a = await open();
    const b = await open();
    const s = session();
    const seqs = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? a : b).append(s, 'data', JSON.stringify({ i }))),
    );
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
    expect(entries.map((e) => [e.seq, e.kind, e.payload])).toEqual(
      Array.from({ length: 7 }, (_, i) => [14 + i, 'data', `{"i":${14 + i}}`]),
    );
    expect((await ledger.read(s, 20)).entries).toEqual([]);
    expect((await ledger.read(s, 5, 3)).entries.map((e) => e.seq)).toEqual([6, 7, 8]);
    await ledger.close();
  });

  it('trims to the window; a reader behind it is told it is truncated', async () => {
    const ledger = await open({ window: 50 });
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

  it(
    'keeps heads outside the window: the newest entry appended under each name, ' + 'even when two writers race',
    async () => {
      const a = await open({ window: 50 });
      const b = await open({ window: 50 });
      const s = session();
      expect(await a.heads(s)).toEqual({});
      await a.append(s, 'render', '{"v":1}', 'render');
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).append(s, 'props_update', `{"p":${i}}`, 'props')),
      );
      // The props head is the entry with the highest number among the racing appends.
      const newest = (await a.read(s, 1, 40)).entries.at(-1)!;
      for (let i = 0; i < 300; i += 1) await b.append(s, 'data', String(i));
      const heads = await b.heads(s);
      expect(heads.render).toEqual({ seq: 1, payload: '{"v":1}' });
      expect(heads.props).toEqual({ seq: newest.seq, payload: newest.payload });
      expect((await a.read(s, 0)).truncated).toBe(true);
      await a.close();
      await b.close();
    },
  );

  it('refuses a session id that is not a bounded printable key', async () => {
    const ledger = await open();
    await expect(ledger.append('a b', 'data', '1')).rejects.toThrow(/session id/);
    await expect(ledger.append('x'.repeat(200), 'data', '1')).rejects.toThrow(/session id/);
    await ledger.close();
  });
}

/** Group commit and durability before the answer. */
function commits({ open, session }: Suite): void {
  it(
    'keeps numbers gap-free and in call order when many sessions append ' + 'while earlier commits are in flight',
    async () => {
      const a = await open();
      const b = await open();
      const sessions = Array.from({ length: 40 }, () => session());
      const issued = new Map<string, { a: Array<Promise<number>>; b: Array<Promise<number>> }>(
        sessions.map((s) => [s, { a: [], b: [] }]),
      );
      // Waves fired a turn apart: each wave is sent while the one before it is still committing.
      for (let wave = 0; wave < 10; wave += 1) {
        for (const s of sessions) {
          const mine = issued.get(s)!;
          mine.a.push(a.append(s, 'data', JSON.stringify({ by: 'a', wave })));
          mine.b.push(b.append(s, 'data', JSON.stringify({ by: 'b', wave })));
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const s of sessions) {
        const mine = issued.get(s)!;
        const bySeq = new Map<number, string>();
        for (const [writer, promises] of Object.entries(mine)) {
          const seqs = await Promise.all(promises);
          // One writer's appends to a session are numbered in the order it made them.
          expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
          seqs.forEach((seq, wave) => bySeq.set(seq, JSON.stringify({ by: writer, wave })));
        }
        const { entries } = await a.read(s, 0);
        expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        for (const entry of entries) expect(entry.payload).toBe(bySeq.get(entry.seq));
      }
      await a.close();
      await b.close();
    },
  );

  it('resolves an append only once it is committed: another ledger on the store reads it at once', async () => {
    const writer = await open();
    const reader = await open();
    const s = session();
    for (let i = 1; i <= 30; i += 1) {
      const seq = await writer.append(s, 'data', String(i));
      expect(await reader.last(s)).toBe(seq);
      expect((await reader.read(s, seq - 1, 1)).entries[0]?.payload).toBe(String(i));
    }
    await writer.close();
    await reader.close();
  });

  it(
    'makes room over the quota by trimming the oldest entries: ' + 'a gap-free suffix stays, a reader behind is told',
    async () => {
      const ledger = await open({ quotaBytes: 2000 });
      const s = session();
      const payload = JSON.stringify({ text: 'x'.repeat(180) });
      for (let i = 1; i <= 30; i += 1) expect(await ledger.append(s, 'data', payload)).toBe(i);
      const { entries, truncated } = await ledger.read(s, 0);
      expect(truncated).toBe(true);
      expect(entries.at(-1)?.seq).toBe(30);
      expect(entries.map((e) => e.seq)).toEqual(
        Array.from({ length: entries.length }, (_, i) => 31 - entries.length + i),
      );
      expect(entries.length).toBeGreaterThan(5);
      expect(entries.length).toBeLessThan(11);
      const { bytes, quotaBytes } = await ledger.usage(s);
      expect(quotaBytes).toBe(2000);
      expect(bytes).toBeLessThanOrEqual(2000);
      expect(bytes).toBe(entries.length * (4 + payload.length));
      await ledger.close();
    },
  );

  it(
    'never trims a pinned entry or what follows it: SESSION_QUOTA records ' +
      'nothing, leaves other sessions alone, and a release frees them',
    async () => {
      const ledger = await open({ quotaBytes: 2000 });
      const s = session();
      const other = session();
      const payload = JSON.stringify({ text: 'x'.repeat(180) });
      await ledger.append(s, 'data', payload);
      let accepted = 0;
      let refusal: unknown;
      for (let i = 0; i < 30 && refusal === undefined; i += 1) {
        try {
          await ledger.appendAll([{ session: s, kind: 'action', payload, pin: true }]);
          accepted += 1;
        } catch (error) {
          refusal = error;
        }
      }
      expect(refusal).toBeInstanceOf(LedgerError);
      expect((refusal as LedgerError).code).toBe('SESSION_QUOTA');
      expect((refusal as LedgerError).session).toBe(s);
      expect((refusal as LedgerError).message).toMatch(/quota of 2000 bytes.*Drain consumed actions/s);
      // The unpinned first entry was trimmed to make room; the pinned ones all stay.
      expect(accepted).toBe(10);
      expect(await ledger.last(s)).toBe(accepted + 1);
      expect((await ledger.read(s, 0)).entries.map((e) => e.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
      expect(await ledger.append(other, 'data', payload)).toBe(1);
      // An acknowledgement through the fifth pin makes those trimmable: the next pin fits, the oldest one making room.
      await ledger.appendAll([{ session: s, kind: 'drain', payload: '{}', release: 6 }]);
      expect(await ledger.appendAll([{ session: s, kind: 'action', payload, pin: true }])).toEqual([13]);
      expect((await ledger.read(s, 0)).entries[0]!.seq).toBe(3);
      expect((await ledger.usage(s)).bytes).toBeLessThanOrEqual(2000);
      await ledger.close();
    },
  );
}

/** The byte quota: shares, overQuota, and what the window keeps. */
function quota({ open, session }: Suite): void {
  it('holds an append to its share of the quota, and lets an overQuota one pass', async () => {
    const ledger = await open({ quotaBytes: 2000 });
    const s = session();
    const payload = JSON.stringify({ text: 'x'.repeat(180) });
    let pinned = 0;
    for (let i = 0; i < 20; i += 1) {
      const done = await ledger.appendAll([{ session: s, kind: 'action', payload, pin: true, share: 0.5 }]).then(
        () => true,
        (error: LedgerError) => error.code,
      );
      if (done !== true) {
        expect(done).toBe('SESSION_QUOTA');
        break;
      }
      pinned += 1;
    }
    expect(pinned).toBe(5);
    // Unshared appends fill the rest; then only an overQuota one gets in.
    for (let i = 0; i < 5; i += 1) await ledger.append(s, 'render', payload);
    await expect(ledger.append(s, 'render', payload)).rejects.toMatchObject({ code: 'SESSION_QUOTA' });
    expect(await ledger.appendAll([{ session: s, kind: 'ended', payload: '{}', overQuota: true }])).toEqual([11]);
    await expect(ledger.appendAll([{ session: s, kind: 'x', payload: '{}', share: 2 }])).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await ledger.close();
  });

  it('counts only what the window keeps against the quota: trimmed entries free their bytes', async () => {
    const ledger = await open({ window: 5, quotaBytes: 2000 });
    const s = session();
    const payload = JSON.stringify({ text: 'x'.repeat(180) });
    for (let i = 1; i <= 60; i += 1) expect(await ledger.append(s, 'data', payload)).toBe(i);
    // A head counts too: a large one is refused, a replaced one counts once.
    for (let i = 0; i < 10; i += 1) await ledger.append(s, 'props_update', payload, 'props');
    await expect(ledger.append(s, 'render', 'y'.repeat(3000), 'render')).rejects.toMatchObject({
      code: 'SESSION_QUOTA',
    });
    await ledger.close();
  });
}

/** Atomic multi-appends and the bounded action keys. */
function multiAppends({ open, session }: Suite): void {
  it('appends to several streams all or nothing, an event recording the number its frame was given', async () => {
    const ledger = await open({ quotaBytes: 4000 });
    const s = session();
    const events = `${s}.events`;
    await ledger.append(s, 'created', '{}');
    const seqs = await ledger.appendAll([
      { session: s, kind: 'render', payload: '{"session":{"v":1}}', head: 'render' },
      { session: events, kind: 'render', payload: '{"session":{"v":1}}', seqOf: 0 },
      { session: events, kind: 'props', payload: '{}', seqOf: 0 },
    ]);
    expect(seqs).toEqual([2, 1, 2]);
    expect((await ledger.read(events, 0)).entries.map((e) => e.payload)).toEqual([
      '{"seq":2,"session":{"v":1}}',
      '{"seq":2}',
    ]);
    expect((await ledger.heads(s)).render).toEqual({ seq: 2, payload: '{"session":{"v":1}}' });
    // The second item is over the events stream's quota: the frame is not appended either.
    await expect(
      ledger.appendAll([
        { session: s, kind: 'render', payload: '{"session":{"v":2}}', head: 'render' },
        { session: events, kind: 'render', payload: JSON.stringify({ big: 'z'.repeat(5000) }), seqOf: 0 },
      ]),
    ).rejects.toMatchObject({ code: 'SESSION_QUOTA', session: events });
    // An invalid item refuses the whole call before anything is written.
    await expect(
      ledger.appendAll([
        { session: s, kind: 'render', payload: '{}' },
        { session: 'not a session', kind: 'render', payload: '{}' },
      ]),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await ledger.last(s)).toBe(2);
    expect(await ledger.last(events)).toBe(2);
    expect((await ledger.heads(s)).render?.seq).toBe(2);
    await ledger.close();
  });

  it('records an action key with its entry in one step; a resend appends nothing', async () => {
    const a = await open();
    const b = await open();
    const s = session();
    const events = `${s}.events`;
    expect(
      await a.appendAll([{ session: events, kind: 'action', payload: '{"n":1}' }], { session: s, key: 'tab/1' }),
    ).toEqual([1]);
    expect(
      await b.appendAll([{ session: events, kind: 'action', payload: '{"n":1}' }], { session: s, key: 'tab/1' }),
    ).toBeNull();
    expect(await b.recordAction(s, 'tab/1')).toBe(false);
    expect(await a.last(events)).toBe(1);
    await a.close();
    await b.close();
  });

  it('keeps the newest window of action keys per session: an older resend is recorded again', async () => {
    const ledger = await open({ window: 5 });
    const s = session();
    for (let i = 1; i <= 12; i += 1) expect(await ledger.recordAction(s, `tab/${i}`)).toBe(true);
    expect(await ledger.recordAction(s, 'tab/12')).toBe(false);
    expect(await ledger.recordAction(s, 'tab/8')).toBe(false);
    expect(await ledger.recordAction(s, 'tab/1')).toBe(true);
    await expect(ledger.recordAction(s, 'k'.repeat(300))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await ledger.close();
  });
}
