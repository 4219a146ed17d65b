import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import type { ChunkOp, ChunkProblem } from './fixtures/list-chunks/harness.ts';

/**
 * The chunks of a long list (renderer/view/list-chunks.ts) against a plain array model, in
 * Chromium: random inserts, moves and removals, biased to the chunk boundaries (multiples of 500),
 * applied in batches as the keyed list applies them. After each batch the DOM order is the model's,
 * every item keeps its node, and every chunk holds 1 to 1,000 items.
 */
test('list chunks keep the model order and node identity through random edits at chunk boundaries (property)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/e2e/fixtures/security/host.html');
  await page.evaluate(async () => {
    const harness = await import('/e2e/fixtures/list-chunks/harness.ts' as string);
    (window as unknown as { runChunkOps: unknown }).runChunkOps = harness.runChunkOps;
  });
  const index = fc.oneof(
    fc.nat({ max: 5_000 }),
    fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: -2, max: 2 })).map(([k, d]) => k * 500 + d),
  );
  const op: fc.Arbitrary<ChunkOp> = fc.oneof(
    index.map((i): ChunkOp => ['insert', i]),
    index.map((i): ChunkOp => ['remove', i]),
    fc.tuple(index, index).map(([a, b]): ChunkOp => ['move', a, b]),
  );
  // A run of inserts at one place (a chunk's edge fills, then opens a chunk).
  const burst = fc
    .tuple(index, fc.integer({ min: 1, max: 600 }))
    .map(([i, n]) => Array.from({ length: n }, (): ChunkOp => ['insert', i]));
  const batch = fc.oneof(fc.array(op, { minLength: 1, maxLength: 40 }), burst);
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 3_000 }),
      fc.array(batch, { maxLength: 8 }),
      async (initial, batches) => {
        const problem = await page.evaluate(
          ([n, b]) =>
            (window as unknown as { runChunkOps: (n: number, b: ChunkOp[][]) => ChunkProblem | undefined }).runChunkOps(
              n,
              b,
            ),
          [initial, batches] as const,
        );
        expect(problem?.problem).toBeUndefined();
      },
    ),
    { numRuns: 150 },
  );
});
