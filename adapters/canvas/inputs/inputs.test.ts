import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KANBAN_DEFINE, SEED_TOON, SEED_TOON_JSON } from '../testing/samples.ts';
import { decodeBlock } from './decode.ts';
import { createFenceReader, opsFromText } from './fence.ts';
import { feedCut } from '../testing/feed.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { opsFromToolResult } from './mcp.ts';

const STREAM = [
  'Here is your dashboard.\n',
  '```genui\n',
  '{"op":"upsert","id":"weather-paris","type":"weather",' +
    '"data":{"city":"Paris","temp":18,"condition":"Partly Cloudy","icon":""}}\n',
  '```\n',
  'And the services, in TOON:\n',
  '```genui\n',
  `${SEED_TOON}\n---\nop: patch\nid: srv\ndata:\n  title: Services (live)\n`,
  '```\n',
  '```genui\n',
  `${JSON.stringify([{ op: 'layout', mode: 'dashboard' }, KANBAN_DEFINE])}\n`,
  '```\n',
  'Done.',
].join('');

/** Feed `text` split at `cuts` and collect everything the reader reports. */
function read(text: string, cuts: number[]) {
  const ops: unknown[] = [];
  const errors: string[] = [];
  const prose: string[] = [];
  const reader = createFenceReader({
    onOps: (list) => ops.push(...list),
    onError: (e) => errors.push(e),
    onText: (t) => prose.push(t),
  });
  feedCut(reader, text, cuts);
  return { ops, errors, prose };
}

describe('the canvas fence reader holds an opening fence line (HeldFenceLine)', () => {
  it('reads opening fence lines around maxBlockChars alike however they are cut (property)', () => {
    const max = CANVAS_LIMITS.maxBlockChars;
    const text = fc
      .tuple(
        fc.constantFrom('```python', '```genui', '```'),
        fc.integer({ min: -2, max: 2 }),
        fc.constantFrom('\nok\n```\nafter\n', '', '\n'),
      )
      .map(([head, over, rest]) => `before\n${head}${'x'.repeat(max - head.length + over)}${rest}`);
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 4 }), (answer, cuts) => {
        const points = cuts.map((c) => c % (answer.length + 1));
        const whole = read(answer, []);
        const cut = read(answer, points);
        expect(cut.errors).toEqual(whole.errors);
        expect(cut.ops).toEqual(whole.ops);
        expect(cut.prose.join('')).toEqual(whole.prose.join(''));
        // Another fence's opening line that ends is a prose line when it fits one, else skipped like one.
        const first = answer.split('\n')[1]!;
        if (first.startsWith('```genui') || !answer.includes(`${first}\n`)) return;
        expect(whole.prose.includes(first), `${first.length}`).toBe(first.length <= max);
      }),
      { numRuns: 60 },
    );
  });
});

describe('decodeBlock', () => {
  it("decodes the seed's TOON example to exactly its JSON", () => {
    expect(decodeBlock(SEED_TOON)).toEqual({ ops: [SEED_TOON_JSON], errors: [] });
  });

  it('takes one op, an array of ops, JSON lines, and TOON blocks separated by ---', () => {
    expect(decodeBlock('{"op":"clear"}').ops).toHaveLength(1);
    expect(decodeBlock('[{"op":"clear"},{"op":"remove","id":"a"}]').ops).toHaveLength(2);
    expect(decodeBlock('{"op":"clear"}\n{"op":"remove","id":"a"}').ops).toHaveLength(2);
    expect(decodeBlock('op: clear\n---\nop: remove\nid: a').ops).toEqual([{ op: 'clear' }, { op: 'remove', id: 'a' }]);
  });

  it('refuses truncated TOON (strict row counts), bad ops one by one, deep and huge texts, with the reason', () => {
    expect(
      decodeBlock('op: upsert\nid: srv\ntype: stats\ndata:\n  items[3]{label,value}:\n    Uptime,14d').errors[0],
    ).toMatch(/Expected 3 tabular rows, but got 1/);
    expect(decodeBlock('[{"op":"clear"},{"op":"nope"}]')).toEqual({
      ops: [{ op: 'clear' }],
      errors: [expect.stringContaining('op 1: unknown op "nope"')],
    });
    expect(decodeBlock(`${'['.repeat(100)}${']'.repeat(100)}`).errors[0]).toMatch(/deeper than 32/);
    expect(decodeBlock('x'.repeat(300_000)).errors[0]).toMatch(/maxBlockChars/);
  });
});

describe('```genui fences in streamed text', () => {
  it('finds the JSON and TOON blocks of a stream and passes the prose through', () => {
    const { ops, errors, prose } = read(STREAM, []);
    expect(errors).toEqual([]);
    expect(ops.map((o) => (o as { op: string }).op)).toEqual(['upsert', 'upsert', 'patch', 'layout', 'define']);
    expect(ops[1]).toEqual(SEED_TOON_JSON);
    expect(prose).toEqual(['Here is your dashboard.', 'And the services, in TOON:', 'Done.']);
  });

  it('gives the same ops, errors and prose split at every byte', () => {
    const whole = read(STREAM, []);
    for (let cut = 0; cut <= STREAM.length; cut += 1) expect(read(STREAM, [cut])).toEqual(whole);
  });

  it('gives the same result for any split into many chunks (fast-check)', () => {
    const whole = read(STREAM, []);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 40 }), (cuts) => {
        expect(read(STREAM, cuts)).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('reports a block the stream never closed, without applying a guess', () => {
    expect(opsFromText('```genui\n{"op":"clear"}\n')).toEqual({
      ops: [],
      errors: [expect.stringContaining('never closed')],
    });
  });

  it('bounds memory: an endless line or block is dropped with an error naming the limit', () => {
    const { errors } = read(`\`\`\`genui\n${'a'.repeat(300_000)}\n\`\`\`\n`, [100_000, 200_000]);
    expect(errors[0]).toMatch(/maxBlockChars/);
  });
});

describe('```genui fences on the one fence scanner', () => {
  it('closes a block on its indented fence, reads \\r\\n line ends, passes other fences on as prose lines', () => {
    const text =
      'Hi\r\n```js\nlet a = 1;\n```\n  ```genui\r\nop: clear\r\n---\r\nop: remove\r\nid: a\r\n      ```\r\nbye';
    const { ops, errors, prose } = read(text, []);
    expect({ ops, errors }).toEqual({ ops: [{ op: 'clear' }, { op: 'remove', id: 'a' }], errors: [] });
    expect(prose).toEqual(['Hi', '```js', 'let a = 1;', '```', 'bye']);
  });

  it('follows the scanner: a fence line closes a block, a deeper indent or a longer fence opens none', () => {
    expect(opsFromText('```genui\n{"op":"clear"}\n```js\n')).toEqual({ ops: [{ op: 'clear' }], errors: [] });
    expect(read('    ```genui\n{"op":"clear"}\n```\n', []).ops).toEqual([]);
    expect(read('````genui\n{"op":"clear"}\n````\n', []).ops).toEqual([]);
  });
});

describe('MCP _canvas_ops', () => {
  it('reads ops from a tool result (top level, structuredContent, or TOON text)', () => {
    expect(opsFromToolResult({ content: [{ type: 'text', text: 'ok' }], _canvas_ops: [{ op: 'clear' }] }).ops).toEqual([
      { op: 'clear' },
    ]);
    expect(opsFromToolResult({ structuredContent: { _canvas_ops: SEED_TOON } }).ops).toEqual([SEED_TOON_JSON]);
    expect(opsFromToolResult({ _canvas_ops: [{ op: 'patch' }] }).errors[0]).toMatch(/^patch: /);
    expect(opsFromToolResult(null)).toEqual({ ops: [], errors: [] });
  });
});
