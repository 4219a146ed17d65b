import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineSplitter, parseLine, toLine, type LineProblem } from './ndjson.ts';

const encoder = new TextEncoder();
function split(chunks: Uint8Array[], max?: number): { lines: string[]; problems: LineProblem[] } {
  const lines: string[] = [];
  const problems: LineProblem[] = [];
  const splitter = createLineSplitter({ line: (l) => lines.push(l), problem: (p) => problems.push(p) }, max);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return { lines, problems };
}

const message = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.string(),
  method: fc.string({ minLength: 1 }),
  params: fc.jsonValue(),
});

describe('NDJSON framing', () => {
  it('gives the same lines however the stream is cut, at every byte (multi-byte characters included)', () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 6 }),
        fc.string({ unit: 'grapheme', maxLength: 8 }),
        (messages, extra) => {
          const values = messages.map((m) => ({ ...m, extra }));
          const bytes = encoder.encode(values.map(toLine).join(''));
          const expected = values.map((v) => JSON.stringify(v));
          // Every single cut point, and the one-byte-at-a-time stream.
          for (let cut = 0; cut <= bytes.length; cut += 1)
            expect(split([bytes.subarray(0, cut), bytes.subarray(cut)]).lines).toEqual(expected);
          expect(split([...bytes].map((b) => Uint8Array.of(b))).lines).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('drops \\r before \\n and ignores empty lines', () => {
    expect(split([encoder.encode('{"a":1}\r\n\n\n{"b":2}')]).lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips a 5 MB line without buffering it, reports it once, and reads the next line', () => {
    const big = encoder.encode(
      `{"jsonrpc":"2.0","method":"agent.event","params":{"x":"${'x'.repeat(5 * 1024 * 1024)}"}}\n{"ok":1}\n`,
    );
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < big.length; i += 65536) chunks.push(big.subarray(i, i + 65536));
    const { lines, problems } = split(chunks);
    expect(lines).toEqual(['{"ok":1}']);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe('too-long');
    expect(problems[0]!.preview.length).toBeLessThanOrEqual(80);
  });

  it('reports garbage lines precisely and keeps the good ones', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            message.map((m) => JSON.stringify(m)),
          ),
          { maxLength: 20 },
        ),
        (lines) => {
          for (const line of lines) {
            const parsed = parseLine(line);
            let isRpc = false;
            try {
              const v = JSON.parse(line) as { jsonrpc?: unknown };
              isRpc = typeof v === 'object' && v !== null && !Array.isArray(v) && v.jsonrpc === '2.0';
            } catch {
              isRpc = false;
            }
            if (!parsed.ok) expect(['not-json', 'not-rpc', 'too-deep']).toContain(parsed.problem.kind);
            if (parsed.ok) expect(isRpc).toBe(true);
          }
        },
      ),
    );
    expect(parseLine('hello world')).toMatchObject({ ok: false, problem: { kind: 'not-json' } });
    expect(parseLine('[1,2]')).toMatchObject({ ok: false, problem: { kind: 'not-rpc' } });
    expect(parseLine('['.repeat(100_000))).toMatchObject({ ok: false, problem: { kind: 'too-deep' } });
  });
});
