import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamItemParser, TEXT_PIECE_CHARS, type StreamItem } from './stream-items.ts';

/** The `text` format's pieces of `text` encoded and cut at `cuts` (byte positions). */
function pieces(text: string, cuts: number[]): string[] {
  const bytes = new TextEncoder().encode(text);
  const out: StreamItem[] = [];
  const parser = createStreamItemParser('text', { maxLineBytes: 0, maxEventBytes: 0 }, (item) => out.push(item));
  const at = [...new Set([0, ...cuts.map((c) => Math.min(c, bytes.length)), bytes.length])].sort((a, b) => a - b);
  for (let i = 0; i + 1 < at.length; i += 1) parser.push(bytes.subarray(at[i], at[i + 1]));
  parser.end();
  return out.map((item) => ('event' in item ? item.event.data : `problem ${item.problem.message}`));
}

describe("the stream items' text format (a progressive reader's input)", () => {
  it('gives the text back whole, in pieces of at most TEXT_PIECE_CHARS, however the bytes are cut', () => {
    const unit = fc.constantFrom('a', '\n', 'é', '漢', '😀', '{"x":1}');
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 3000 }).map((parts) => parts.join('')),
        fc.array(fc.nat(20_000), { maxLength: 8 }),
        (text, cuts) => {
          const out = pieces(text, cuts);
          expect(out.join('')).toBe(text);
          for (const piece of out) expect(piece.length).toBeLessThanOrEqual(TEXT_PIECE_CHARS + 1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cuts a 64 KiB chunk into pieces, and never between the two halves of an emoji', () => {
    const text = `${'a'.repeat(TEXT_PIECE_CHARS - 1)}😀${'b'.repeat(60_000)}`;
    const out = pieces(text, []);
    expect(out.length).toBeGreaterThanOrEqual(8);
    expect(out[0]!.endsWith('😀')).toBe(true);
    for (const piece of out) expect(piece.length).toBeLessThanOrEqual(TEXT_PIECE_CHARS + 1);
  });
});
