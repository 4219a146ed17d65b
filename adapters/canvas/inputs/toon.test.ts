import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_TOON, SEED_TOON_JSON } from '../testing/samples.ts';
import { createToonReader } from './toon.ts';
import { feedCut } from '../testing/feed.ts';

const STREAM = `${SEED_TOON}\n---\nop: patch\nid: srv\ndata:\n  title: Live\n---\nop: move\nid: srv\nlayout:\n  zone: side\n  order: 1\n---\nop: layout\nmode: focus\n`;

function read(text: string, cuts: number[]) {
  const ops: unknown[] = [];
  const errors: string[] = [];
  const reader = createToonReader({ onOps: (list) => ops.push(...list), onError: (e) => errors.push(e) });
  feedCut(reader, text, cuts);
  return { ops, errors };
}

describe('the TOON op stream', () => {
  it("decodes the seed's example and the ops after it", () => {
    const { ops, errors } = read(STREAM, []);
    expect(errors).toEqual([]);
    expect(ops).toEqual([
      SEED_TOON_JSON,
      { op: 'patch', id: 'srv', data: { title: 'Live' } },
      { op: 'move', id: 'srv', layout: { zone: 'side', order: 1 } },
      { op: 'layout', mode: 'focus' },
    ]);
  });

  it('gives the same ops split at every byte, and for any chunking (fast-check)', () => {
    const whole = read(STREAM, []);
    for (let cut = 0; cut <= STREAM.length; cut += 1) expect(read(STREAM, [cut])).toEqual(whole);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 30 }), (cuts) => {
        expect(read(STREAM, cuts)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('a stream cut inside a tabular block is refused by strict row counts, not guessed', () => {
    const cut = STREAM.indexOf('Requests');
    expect(read(STREAM.slice(0, cut), [])).toEqual({
      ops: [],
      errors: [expect.stringContaining('Expected 3 tabular rows, but got 1')],
    });
  });
});
