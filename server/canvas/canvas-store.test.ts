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
    expect(await store.append('s1', [{ op: 'upsert', id: 'w', type: 'weather', data: { temp: 18 } }, { op: 'patch', id: 'w', data: { temp: 21 } }])).toEqual({ ok: true, seqs: [2, 3] });
    expect((await ledger.read('s1', 1)).entries.map((e) => [e.kind, JSON.parse(e.payload)])).toEqual([
      ['data', { channel: 'canvas', mode: 'append', payload: { op: 'upsert', id: 'w', type: 'weather', data: { temp: 18 } } }],
      ['data', { channel: 'canvas', mode: 'append', payload: { op: 'patch', id: 'w', data: { temp: 21 } } }],
    ]);
    expect(await store.snapshot('s1')).toEqual({ seq: 3, ops: [{ op: 'upsert', id: 'w', type: 'weather', data: { temp: 21 }, layout: { zone: 'main' } }] });
  });

  it('refuses a batch whole when one op cannot apply, naming it', async () => {
    const ledger = createMemoryLedger();
    await ledger.append('s1', 'created', '{}');
    const store = createCanvasStore(ledger);
    expect(await store.append('s1', [{ op: 'upsert', id: 'a', type: 'card', data: {} }, { op: 'patch', id: 'ghost', data: {} }])).toEqual({ ok: false, index: 1, error: expect.stringContaining('patch ghost: no component') });
    expect(await ledger.last('s1')).toBe(1);
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
