import { createStreamRedactor } from './redact.ts';

/**
 * Tests only: `text` through a fresh stream redactor, cut at `cuts` (any numbers, taken modulo the
 * text's length and sorted), what it sent joined. The fast-check tests compare it with the text
 * redacted whole.
 */
export function streamedInPieces(text: string, cuts: readonly number[]): string {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const stream = createStreamRedactor();
  let out = '';
  let from = 0;
  for (const point of [...points, text.length]) {
    out += stream.push(text.slice(from, point));
    from = point;
  }
  return out + stream.end();
}
