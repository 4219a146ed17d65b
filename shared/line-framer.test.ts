import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineFramer, type TooLongLine } from './line-framer.ts';

const encoder = new TextEncoder();
function frame(
  chunks: Array<Uint8Array | string>,
  options: { maxLineBytes?: number; keepEmpty?: boolean } = {},
): { lines: string[]; long: TooLongLine[] } {
  const lines: string[] = [];
  const long: TooLongLine[] = [];
  const framer = createLineFramer({ line: (l) => lines.push(l), tooLong: (r) => long.push(r) }, options);
  for (const chunk of chunks) framer.push(chunk);
  framer.end();
  return { lines, long };
}

describe('createLineFramer', () => {
  it('gives the same lines however bytes or text are cut (multi-byte characters across cuts included)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .string({ unit: 'grapheme', maxLength: 12 })
            .filter((s) => !s.includes('\n') && !s.includes('\r') && s.trim() !== ''),
          { minLength: 1, maxLength: 6 },
        ),
        (wanted) => {
          const text = wanted.join('\r\n') + '\n';
          const bytes = encoder.encode(text);
          for (let cut = 0; cut <= bytes.length; cut += 1)
            expect(frame([bytes.subarray(0, cut), bytes.subarray(cut)]).lines).toEqual(wanted);
          for (let cut = 0; cut <= text.length; cut += 1)
            expect(frame([text.slice(0, cut), text.slice(cut)]).lines).toEqual(wanted);
          expect(frame([...bytes].map((b) => Uint8Array.of(b))).lines).toEqual(wanted);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('skips an over-long line without buffering it, reports it once with its length, and reads on', () => {
    const chunks: string[] = ['ok1\n', 'x'.repeat(60), 'y'.repeat(60), 'z'.repeat(60), '\nok2\n', 'w'.repeat(200)];
    const { lines, long } = frame(chunks, { maxLineBytes: 100 });
    expect(lines).toEqual(['ok1', 'ok2']);
    expect(long).toEqual([
      { length: 180, max: 100, preview: 'x'.repeat(60) },
      { length: 200, max: 100, preview: 'w'.repeat(80) },
    ]);
  });

  it('hands empty lines on only when asked (SSE event ends)', () => {
    expect(frame(['a\n\n\nb']).lines).toEqual(['a', 'b']);
    expect(frame(['a\n\r\n\nb'], { keepEmpty: true }).lines).toEqual(['a', '', '', 'b']);
  });

  it('scans a chunk of many line ends once, not once per line (bareCr: a flood of blank lines costs linear work)', () => {
    // A byte array that counts the bytes its searches read: the framer's work, with no clock.
    let scanned = 0;
    class CountingBytes extends Uint8Array {
      override indexOf(value: number, from = 0): number {
        const at = super.indexOf(value, from);
        scanned += (at === -1 ? this.length : at + 1) - from;
        return at;
      }
    }
    const size = 8192;
    for (const fill of [0x0a, 0x0d]) {
      scanned = 0;
      let lines = 0;
      const framer = createLineFramer(
        { line: () => void (lines += 1), tooLong: () => undefined },
        { keepEmpty: true, bareCr: true },
      );
      framer.push(new CountingBytes(size).fill(fill));
      framer.end();
      expect(lines).toBe(size);
      // Two searches (\n and \r) each read the chunk once: about 2 * size, never size * size / 2.
      expect(scanned).toBeLessThanOrEqual(3 * size);
    }
  });
});

describe('createLineFramer: the piece hook (a line read while it is written)', () => {
  it('hands each piece of a kept text line before the line, pieces joined are the line; none of a skipped line', () => {
    const log: string[] = [];
    const framer = createLineFramer(
      {
        line: (l) => log.push(`line ${l}`),
        tooLong: (r) => log.push(`long ${r.length}`),
        piece: (p) => log.push(`piece ${p}`),
      },
      { maxLineBytes: 8, keepEmpty: true },
    );
    for (const chunk of ['ab', 'c\r\nd', 'e', 'f\n0123456', '789\n', '\nlast']) framer.push(chunk);
    framer.end();
    expect(log).toEqual([
      'piece ab',
      'piece c\r',
      'line abc',
      'piece d',
      'piece e',
      'piece f',
      'line def',
      'piece 0123456',
      'long 10',
      'line ',
      'piece last',
      'line last',
    ]);
  });
});
