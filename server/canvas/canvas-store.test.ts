import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact, replay } from '../../adapters/canvas/state.ts';
import { canvasOp } from '../../adapters/canvas/testing/arbitraries.ts';
import { createMemoryLedger } from '../ledger/memory-ledger.ts';
import { createCanvasStore, snapshotsOf } from './canvas-store.ts';

describe('the canvas store', () => {
  it('records ops as live-channel data frames and answers the compacted canvas', async () => {
    const ledger = createMemoryLedger();
    await ledger.append('s1', 'created', '{}');
    const store = createCanvasStore(ledger);
    expect(
      await store.append('s1', [
        { op: 'upsert', id: 'w', type: 'weather', data: { temp: 18 } },
        { op: 'patch', id: 'w', data: { temp: 21 } },
      ]),
    ).toEqual({ ok: true, seqs: [2, 3] });
    expect((await ledger.read('s1', 1)).entries.map((e) => [e.kind, JSON.parse(e.payload)])).toEqual([
      [
        'data',
        { channel: 'canvas', mode: 'append', payload: { op: 'upsert', id: 'w', type: 'weather', data: { temp: 18 } } },
      ],
      ['data', { channel: 'canvas', mode: 'append', payload: { op: 'patch', id: 'w', data: { temp: 21 } } }],
    ]);
    expect(await store.snapshot('s1')).toEqual({
      seq: 3,
      ops: [{ op: 'upsert', id: 'w', type: 'weather', data: { temp: 21 }, layout: { zone: 'main' } }],
    });
  });

  it('refuses a batch whole when one op cannot apply, naming it', async () => {
    const ledger = createMemoryLedger();
    await ledger.append('s1', 'created', '{}');
    const store = createCanvasStore(ledger);
    expect(
      await store.append('s1', [
        { op: 'upsert', id: 'a', type: 'card', data: {} },
        { op: 'patch', id: 'ghost', data: {} },
      ]),
    ).toEqual({ ok: false, index: 1, error: expect.stringContaining('patch ghost: no component'), code: 'REFUSED' });
    expect(await ledger.last('s1')).toBe(1);
  });

  it('refuses a define whose template does not parse as TEMPLATE_INVALID, naming line and column', async () => {
    const ledger = createMemoryLedger();
    await ledger.append('s1', 'created', '{}');
    const store = createCanvasStore(ledger);
    expect(
      await store.append('s1', [
        { op: 'define', id: 'list-w', component: { html: '<ul>\n{{#each items}}\n  <li>{{name}}</li>\n' } },
      ]),
    ).toEqual({
      ok: false,
      index: 0,
      error:
        'define list-w: the template does not parse: {{#each}} opened at line 2, column 1 is never closed; close it with {{/each}}',
      code: 'TEMPLATE_INVALID',
    });
    expect(await ledger.last('s1')).toBe(1);
  });

  it('a refused define that reached the ledger anyway (raw data route) stays in the snapshot as broken, so every client labels its type', async () => {
    const ledger = createMemoryLedger();
    await ledger.append('s1', 'created', '{}');
    const broken = { op: 'define', id: 'bad-w', component: { html: '{{#if x}}' } };
    await ledger.append('s1', 'data', JSON.stringify({ channel: 'canvas', mode: 'append', payload: broken }));
    const store = createCanvasStore(ledger);
    expect(await store.append('s1', [{ op: 'upsert', id: 'w1', type: 'bad-w', data: {} }])).toEqual({
      ok: true,
      seqs: [3],
    });
    const snap = await store.snapshot('s1');
    expect(snap.ops).toEqual([broken, { op: 'upsert', id: 'w1', type: 'bad-w', data: {}, layout: { zone: 'main' } }]);
    const replayed = replay(snap.ops);
    expect(replayed.broken.get('bad-w')?.reason).toContain('{{#if}} opened at line 1, column 1 is never closed');
    expect(replayed.defines.has('bad-w')).toBe(false);
  });

  it('a process that fell behind the window rebuilds from the persisted snapshot, or says the history is lost', async () => {
    const ledger = createMemoryLedger({ window: 10 });
    await ledger.append('s', 'created', '{}');
    const writer = createCanvasStore(ledger, { snapshotEvery: 5 });
    const reader = createCanvasStore(ledger, { snapshotEvery: 5 });
    await writer.append('s', [{ op: 'upsert', id: 'n', type: 'card', data: { text: '0' } }]);
    expect((await reader.snapshot('s')).seq).toBe(2);
    for (let i = 1; i <= 30; i += 1) await writer.append('s', [{ op: 'patch', id: 'n', data: { text: `${i}` } }]);
    expect(await reader.snapshot('s')).toEqual(await writer.snapshot('s'));
    // Without persisted snapshots close enough, the trimmed ops cannot be rebuilt: an error, never a guess.
    const ledger2 = createMemoryLedger({ window: 10 });
    await ledger2.append('t', 'created', '{}');
    const w2 = createCanvasStore(ledger2, { snapshotEvery: 1000 });
    const r2 = createCanvasStore(ledger2, { snapshotEvery: 1000 });
    await w2.append('t', [{ op: 'upsert', id: 'n', type: 'card', data: {} }]);
    await r2.snapshot('t');
    for (let i = 1; i <= 30; i += 1) await w2.append('t', [{ op: 'patch', id: 'n', data: { text: `${i}` } }]);
    await expect(r2.snapshot('t')).rejects.toThrow(/left the ledger's replay window before this process read them/);
  });

  it('any op history: the snapshot replays to the live fold; a cold process starting from the persisted snapshot agrees (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(canvasOp, { maxLength: 40 }), async (ops) => {
        const ledger = createMemoryLedger();
        await ledger.append('s', 'created', '{}');
        const store = createCanvasStore(ledger, { snapshotEvery: 7 });
        const accepted = [];
        for (const op of ops) if ((await store.append('s', [op])).ok) accepted.push(op);
        const snap = await store.snapshot('s');
        expect(snap.ops).toEqual(compact(replay(accepted)));
        const cold = createCanvasStore(ledger, { snapshotEvery: 7 });
        expect(await cold.snapshot('s')).toEqual(snap);
        if (accepted.length >= 7) expect(await ledger.last(snapshotsOf('s'))).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });
});
