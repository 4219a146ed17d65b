import { describe, expect, it } from 'vitest';
import { parseSnapshotInSlices } from './snapshot-pieces.ts';

describe('parseSnapshotInSlices', () => {
  it('parses a 5 MB snapshot exactly as JSON.parse does, yielding between steps once a slice ran out', async () => {
    const ops = Array.from({ length: 500 }, (_, i) => ({
      op: 'upsert',
      id: `n${i}`,
      type: 'card',
      data: { text: 'x'.repeat(10_000), n: i },
    }));
    const text = JSON.stringify({ seq: 7, ops });
    let steps = 0;
    let yields = 0;
    const parsed = await parseSnapshotInSlices(text, {
      // Each look at the clock is one step: a step "costs" 3 ms, so a slice of 8 ms holds three.
      now: () => (steps += 1) * 3,
      yield: async () => void (yields += 1),
    });
    expect(parsed).toEqual({ ok: true, value: JSON.parse(text) });
    expect(yields).toBeGreaterThan(50);
  });

  it('refuses a depth bomb and a cut snapshot with where and why', async () => {
    const deep = await parseSnapshotInSlices(`{"ops": ${'['.repeat(100_000)}`);
    expect(deep.ok).toBe(false);
    expect(!deep.ok && deep.error).toMatch(
      /^the snapshot is not JSON the canvas takes: line 1, column \d+, at \$\.ops.*nest deeper than 34/,
    );
    expect(!deep.ok && deep.error.length).toBeLessThanOrEqual(350);
    const cut = await parseSnapshotInSlices('{"seq": 1, "ops": [{"op": "upsert"');
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.error).toContain('ended inside');
  });
  it('refuses an empty or blank snapshot (no document), and stops once its stream is aborted', async () => {
    for (const text of ['', '  \n ']) {
      const empty = await parseSnapshotInSlices(text);
      expect(empty).toEqual({ ok: false, error: expect.stringContaining('the snapshot is empty') });
    }
    const controller = new AbortController();
    let steps = 0;
    const text = JSON.stringify({
      seq: 1,
      ops: Array.from({ length: 2_000 }, (_, i) => ({ op: 'remove', id: `n${i}` })),
    });
    const parsed = await parseSnapshotInSlices(text, {
      signal: controller.signal,
      now: () => steps++ * 100, // every step is a slice: it yields between steps
      yield: async () => controller.abort(),
    });
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining('aborted') });
  });
});
