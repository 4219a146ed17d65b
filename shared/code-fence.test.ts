import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_INDENT,
  MAX_INFO,
  couldBeFence,
  createFenceScanner,
  fenceLang,
  readFenceLine,
  scanFences,
  type FenceEvent,
  type FenceScannerOptions,
  type FencedBlock,
} from './code-fence.ts';

/**
 * The reference model: the whole answer cut into lines, each line read on its own. Slow and
 * plain on purpose; the scanner must agree with it for every answer and every way of streaming it.
 */
function reference(answer: string, options: ReferenceOptions): { text: string; blocks: FencedBlock[] } {
  const lines = answer.split('\n');
  let text = '';
  const blocks: FencedBlock[] = [];
  let open: { block: FencedBlock; body: string[] } | undefined;
  let rest = false;
  for (const [i, line] of lines.entries()) {
    const newline = i < lines.length - 1 ? '\n' : '';
    const fenceLine = /^[ \t]{0,3}```/.test(line);
    const closes = open !== undefined && options.closesIndented(open.block.info) ? INDENTED : /^[ \t]{0,3}```/;
    if (rest) text += line + newline;
    else if (open !== undefined && closes.test(line)) {
      open.block.code = open.body.join('\n');
      open.block.closed = true;
      open = undefined;
      rest = options.blocks === 'first';
    } else if (open !== undefined) open.body.push(line);
    else {
      const at = options.opens === 'anywhere' ? line.indexOf('```') : fenceLine ? line.indexOf('```') : -1;
      if (at === -1) text += line + newline;
      else {
        if (options.opens === 'anywhere') text += line.slice(0, at);
        if (newline === '') break;
        const info = line.slice(at + 3, at + 3 + MAX_INFO).trim();
        open = { block: { info, lang: fenceLang(info), code: '', closed: false }, body: [] };
        blocks.push(open.block);
      }
    }
  }
  if (open !== undefined) open.block.code = open.body.join('\n');
  return { text, blocks };
}

type ReferenceOptions = Required<Omit<FenceScannerOptions, 'verbatim'>>;
const INDENTED = new RegExp(`^[ \\t]{0,${MAX_INDENT}}\`\`\``);

/** Events with neighbouring text (or code, or fence) pieces joined: the same content however it was cut. */
function joined(events: FenceEvent[]): FenceEvent[] {
  const out: FenceEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if ((event.kind === 'text' || event.kind === 'code' || event.kind === 'fence') && last?.kind === event.kind)
      last.text += event.text;
    else out.push({ ...event });
  }
  return out;
}

function streamed(pieces: string[], options: FenceScannerOptions): FenceEvent[] {
  const scanner = createFenceScanner(options);
  return joined([...pieces.flatMap((piece) => scanner.push(piece)), ...scanner.end()]);
}

const answerArb = fc
  .array(
    fc.constantFrom('`', '``', '```', '\n', ' ', '\t', '   ', '      ', 'a', 'js', 'genui', '{"x":1}', 'x y', '\r\n'),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));
/** Which blocks close at any indent: none, all, or the GenUI reader's kind (by info). */
const closesArb = fc.constantFrom(
  () => false,
  () => true,
  (info: string) => info === 'genui',
);
const optionsArb = fc.record({
  opens: fc.constantFrom('line-start' as const, 'anywhere' as const),
  blocks: fc.constantFrom('all' as const, 'first' as const),
  closesIndented: closesArb,
});
/** An answer and the places it is cut at. */
const cutArb = answerArb.chain((answer) =>
  fc.tuple(fc.constant(answer), fc.uniqueArray(fc.nat(answer.length), { maxLength: 12 })),
);
const cut = (answer: string, at: number[]) => {
  const points = [0, ...[...at].sort((a, b) => a - b), answer.length];
  return points.slice(1).map((end, i) => answer.slice(points[i], end));
};

describe('the fence scanner against its reference model', () => {
  it('scans a whole answer as the line-by-line reference reads it', () => {
    fc.assert(
      fc.property(answerArb, optionsArb, (answer, options) => {
        expect(scanFences(answer, options)).toEqual(reference(answer, options));
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives the same events for the whole answer and for the answer cut into any pieces', () => {
    fc.assert(
      fc.property(cutArb, optionsArb, ([answer, at], options) => {
        expect(streamed(cut(answer, at), options)).toEqual(streamed([answer], options));
      }),
      { numRuns: 2_000 },
    );
  });

  it('in verbatim mode, its text, code and fence pieces joined are the answer, cut anywhere; the rest alike', () => {
    fc.assert(
      fc.property(cutArb, optionsArb, ([answer, at], options) => {
        const events = streamed(cut(answer, at), { ...options, verbatim: true });
        const pieces = events.map((event) => ('text' in event ? event.text : '')).join('');
        expect(pieces).toBe(answer);
        expect(events.filter((event) => event.kind !== 'fence')).toEqual(joined(streamed([answer], options)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('never takes back what it emitted: each prefix streamed is a prefix of the whole (append-only)', () => {
    fc.assert(
      fc.property(answerArb, optionsArb, (answer, options) => {
        const scanner = createFenceScanner(options);
        const seen: FenceEvent[] = [];
        for (const char of answer) seen.push(...scanner.push(char));
        const whole = joined([...seen, ...scanner.end()]);
        const before = joined(seen);
        // Every event emitted before the end stays, in order; only the last text or code piece may grow.
        expect(before.length).toBeLessThanOrEqual(whole.length);
        before.forEach((event, i) => {
          if (event.kind === 'text' || event.kind === 'code')
            expect((whole[i] as { text: string }).text.startsWith(event.text)).toBe(true);
          else expect(whole[i]).toEqual(event);
        });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the fence scanner on the cases models write', () => {
  it('keeps the body of a fence the answer cut (held-back backticks included)', () => {
    expect(scanFences('Here:\n```js\nrender(view());\n``').blocks).toEqual([
      { info: 'js', lang: 'js', code: 'render(view());\n``', closed: false },
    ]);
    expect(scanFences('```js').blocks).toEqual([]);
  });

  it('does not nest a fence in a fence: the inner opening line closes the outer fence', () => {
    const { text, blocks } = scanFences('```md\nouter\n```js\ninner\n```\nafter\n');
    expect(blocks).toEqual([
      { info: 'md', lang: 'md', code: 'outer', closed: true },
      // The inner fence's closing line opens a fence of its own, which the answer leaves open.
      { info: '', lang: '', code: 'after\n', closed: false },
    ]);
    expect(text).toBe('inner\n');
  });

  it('reads the language as the info string`s first word, lower-cased, and bounds the info', () => {
    expect(scanFences('```JavaScript title="x"\nx\n```').blocks[0]).toMatchObject({
      info: 'JavaScript title="x"',
      lang: 'javascript',
    });
    expect(scanFences('``` \t\nx\n```').blocks[0]).toMatchObject({ info: '', lang: '' });
    expect(scanFences(`\`\`\`js ${'i'.repeat(10_000)}\nx\n\`\`\``).blocks[0]!.info).toHaveLength(MAX_INFO);
  });

  it('opens mid-line only in `anywhere` mode, and holds back at most a few characters', () => {
    expect(scanFences('Sure! ```js\nx\n```').blocks).toEqual([]);
    expect(scanFences('Sure! ```js\nx\n```', { opens: 'anywhere' })).toEqual({
      text: 'Sure! ',
      blocks: [{ info: 'js', lang: 'js', code: 'x', closed: true }],
    });
    const scanner = createFenceScanner();
    expect(scanner.push('prose\n  ``')).toEqual([{ kind: 'text', text: 'prose\n' }]);
    expect(scanner.push('x')).toEqual([{ kind: 'text', text: '  ``x' }]);
  });

  it('closes a block `closesIndented` accepts on a fence line at any indent, holding back at most MAX_INDENT', () => {
    const options = { closesIndented: (info: string) => info === 'genui' };
    expect(scanFences('```genui\n      {"x":1}\n      ```\nafter', options)).toEqual({
      text: 'after',
      blocks: [{ info: 'genui', lang: 'genui', code: '      {"x":1}', closed: true }],
    });
    expect(scanFences('```js\n  x\n      ```\n', options).blocks[0]).toMatchObject({ code: '  x\n      ```\n' });
    const scanner = createFenceScanner(options);
    scanner.push('```genui\n');
    expect(scanner.push(' '.repeat(MAX_INDENT))).toEqual([]);
    expect(scanner.push(' ')).toEqual([{ kind: 'code', text: ' '.repeat(MAX_INDENT + 1) }]);
  });

  it('in verbatim mode streams a fence line as written, between its open (or close) and its body', () => {
    const scanner = createFenceScanner({ verbatim: true });
    expect(scanner.push('hi\n  ```js ')).toEqual([
      { kind: 'text', text: 'hi\n' },
      { kind: 'open' },
      { kind: 'fence', text: '  ```js ' },
    ]);
    expect(scanner.push('x\ncode\n```  rest\nbye')).toEqual([
      { kind: 'fence', text: 'x\n' },
      { kind: 'body', info: 'js x', lang: 'js' },
      { kind: 'code', text: 'code' },
      { kind: 'close' },
      { kind: 'fence', text: '\n```  rest\n' },
      { kind: 'text', text: 'bye' },
    ]);
  });

  it('reads one whole line as a fence line', () => {
    expect(readFenceLine('   ```genui ')).toEqual({ info: 'genui', lang: 'genui' });
    expect(readFenceLine('    ```js')).toBeUndefined();
    expect(readFenceLine('x ```js')).toBeUndefined();
    expect([' ', '  `', '```x', '\t``'].map(couldBeFence)).toEqual([true, true, true, true]);
    expect(['    ', ' a', '``a'].map(couldBeFence)).toEqual([false, false, false]);
  });
});
