import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnswerParser, type AnswerEvent } from './answer-parser.ts';
import { createToolCallReader } from './tool-calls.ts';

const surface = (id: string) =>
  JSON.stringify({
    addOrUpdateSurface: {
      surfaceId: id,
      definition: { root: 'r', widgets: [{ id: 'r', widget: { text: { text: 'héllo ✓ "q"\\n' } } }] },
    },
  });
const ANSWER = [
  'Sure — here is the form 👍\n',
  '```genui\n',
  `${surface('a')}\n`,
  '\n',
  `${JSON.stringify({ deleteSurface: { surfaceId: 'old' } })}\n`,
  '{"broken": \n',
  '```\n',
  'Some `code` and {braces} in prose.\n',
  '```python\nprint("```genui")\n```\n',
  `${surface('b')}\n`,
  'The end.',
].join('');

/** Text pieces joined, so a split answer compares equal to the whole one. */
function normalize(events: AnswerEvent[]): AnswerEvent[] {
  const out: AnswerEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (e.kind === 'text' && last?.kind === 'text') last.text += e.text;
    else out.push(e.kind === 'text' ? { ...e } : e);
  }
  return out;
}
const parseAll = (pieces: string[]) => {
  const parser = createAnswerParser();
  return normalize([...pieces.flatMap((p) => parser.push(p)), ...parser.end()]);
};

describe('the answer parser (prose + ```genui JSONL)', () => {
  const whole = parseAll([ANSWER]);

  it('a bare UI command line that is cut or broken is an error naming its surface, never prose, split anywhere', () => {
    // Issue 47.
    const cut = 'Here:\n{"addOrUpdateSurface": {"surfaceId": "s1", "definition": {"ro';
    const broken = `${cut}\nAfter.`;
    fc.assert(
      fc.property(fc.array(fc.nat(broken.length), { maxLength: 6 }), (cuts) => {
        const at = [...new Set(cuts)].sort((x, y) => x - y);
        for (const text of [cut, broken]) {
          const pieces = [0, ...at.filter((i) => i <= text.length)].map((from, i, all) =>
            text.slice(from, all[i + 1] ?? text.length),
          );
          const events = parseAll(pieces);
          expect(
            events
              .filter((e) => e.kind === 'text')
              .map((e) => (e as { text: string }).text)
              .join(''),
          ).not.toContain('addOrUpdateSurface');
          const error = events.find((e) => e.kind === 'error') as { message: string } | undefined;
          expect(error?.message).toMatch(
            text === cut
              ? /cut in the middle of a UI command for surface "s1"/
              : /a UI command line without its fence is not valid JSON/,
          );
        }
      }),
    );
    // Prose that starts with a brace and is no command stays prose.
    expect(parseAll(['{braces} in prose\n'])).toEqual([{ kind: 'text', text: '{braces} in prose\n' }]);
  });

  it('reads prose, commands, a bad line, other fences as prose and a bare command line', () => {
    expect(whole.map((e) => e.kind)).toEqual(['text', 'command', 'command', 'error', 'text', 'command', 'text']);
    expect(whole[0]).toEqual({ kind: 'text', text: 'Sure — here is the form 👍\n' });
    expect(
      (whole[1] as { value: { addOrUpdateSurface: { surfaceId: string } } }).value.addOrUpdateSurface.surfaceId,
    ).toBe('a');
    expect((whole[4] as { text: string }).text).toContain('```python\nprint("```genui")\n```\n');
    expect((whole[6] as { text: string }).text).toBe('The end.');
  });

  it('gives the same events when the answer is split at every position (each character its own chunk)', () => {
    expect(parseAll([...ANSWER])).toEqual(whole);
    const bytes = new TextEncoder().encode(ANSWER);
    // Split at every byte too: a UTF-8 decoder with stream: true reassembles split characters.
    const decoder = new TextDecoder();
    expect(parseAll([...bytes].map((b) => decoder.decode(new Uint8Array([b]), { stream: true })))).toEqual(whole);
  });

  it('gives the same events for any split (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: ANSWER.length }), { maxLength: 30 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const pieces: string[] = [];
        let at = 0;
        for (const p of points) {
          pieces.push(ANSWER.slice(at, p));
          at = p;
        }
        pieces.push(ANSWER.slice(at));
        expect(parseAll(pieces)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('streams prose before its line ends', () => {
    const parser = createAnswerParser();
    expect(parser.push('Hello wor')).toEqual([{ kind: 'text', text: 'Hello wor' }]);
  });

  it('reports a command cut mid-line and drops over-long lines without buffering them', () => {
    const cut = createAnswerParser();
    const events = [...cut.push(`\`\`\`genui\n${surface('a').slice(0, 40)}`), ...cut.end()];
    expect(events).toEqual([{ kind: 'error', message: expect.stringContaining('cut in the middle of a UI command') }]);
    const long = createAnswerParser({ maxLineChars: 1000 });
    const out = [
      ...long.push('```genui\n'),
      ...long.push('x'.repeat(600)),
      ...long.push('x'.repeat(600)),
      ...long.push('\n'),
      ...long.end(),
    ];
    expect(out).toEqual([{ kind: 'error', message: expect.stringContaining('a line of 1200 characters was dropped') }]);
  });
});

describe('the tool-call reader (streamed arguments)', () => {
  const body = JSON.parse(surface('t')) as { addOrUpdateSurface: unknown };
  const args = JSON.stringify(body.addOrUpdateSurface);
  it('assembles arguments split at every position into one command', () => {
    for (let i = 0; i <= args.length; i += 1) {
      const reader = createToolCallReader();
      const events = [
        ...reader.push(0, 'addOrUpdateSurface', args.slice(0, i)),
        ...reader.push(0, undefined, args.slice(i)),
        ...reader.end(),
      ];
      expect(events).toEqual([{ kind: 'command', value: { addOrUpdateSurface: body.addOrUpdateSurface } }]);
    }
  });
  it('finishes a call as soon as its object closes (the stream may stay open), and refuses unknown tools', () => {
    const reader = createToolCallReader();
    expect(reader.push(0, 'deleteSurface', '{"surfaceId":"x}"')).toEqual([]);
    expect(reader.push(0, undefined, '}')).toEqual([
      { kind: 'command', value: { deleteSurface: { surfaceId: 'x}' } } },
    ]);
    expect(reader.push(0, undefined, ' ')).toEqual([]);
    expect(reader.push(1, 'rm_rf', '{}')).toEqual([
      { kind: 'error', message: expect.stringContaining('unknown tool "rm_rf"') },
    ]);
    expect(reader.push(2, 'deleteSurface', '{"surfaceId":')).toEqual([]);
    expect(reader.end()).toEqual([{ kind: 'error', message: expect.stringContaining('not a JSON object') }]);
  });
});

describe('the answer parser on the one line framer', () => {
  it('split anywhere: prose, fenced and bare commands read the same; partial pieces join to each command line', () => {
    const answer = `Here it is:\r\n\`\`\`genui\n${surface('a')}\n\`\`\`\nand bare:\n${surface('b')}\nbye`;
    const whole = createAnswerParser({ partial: true });
    const reference = [...whole.push(answer), ...whole.end()];
    const strip = (events: AnswerEvent[]) => {
      const merged: AnswerEvent[] = [];
      for (const e of events) {
        const last = merged[merged.length - 1];
        if (e.kind === 'text' && last?.kind === 'text') last.text += e.text;
        else if (e.kind === 'partial' && last?.kind === 'partial') last.text += e.text;
        else merged.push({ ...e });
      }
      return merged;
    };
    for (let i = 0; i <= answer.length; i += 1) {
      const parser = createAnswerParser({ partial: true });
      const events = [...parser.push(answer.slice(0, i)), ...parser.push(answer.slice(i)), ...parser.end()];
      expect(strip(events)).toEqual(strip(reference));
    }
    expect(strip(reference).map((e) => e.kind)).toEqual([
      'text',
      'partial',
      'command',
      'text',
      'partial',
      'command',
      'text',
    ]);
  });

  it('a prose line over the limit flows out up to it, and the rest is said not shown, never dropped silently', () => {
    const parser = createAnswerParser({ maxLineChars: 1000 });
    const out = [
      ...parser.push('y'.repeat(700)),
      ...parser.push('y'.repeat(700)),
      ...parser.push('\nok\n'),
      ...parser.end(),
    ];
    expect(out).toEqual([
      { kind: 'text', text: 'y'.repeat(700) },
      { kind: 'error', message: 'the rest of a line of 1400 characters was not shown (the limit is 1000)' },
      { kind: 'text', text: 'ok\n' },
    ]);
  });
});

describe('the answer parser on the one fence scanner', () => {
  const command = JSON.stringify({ deleteSurface: { surfaceId: 'a' } });

  it('an answer that ends on its closing fence (no line end after it) closes the fence, never a cut command', () => {
    expect(parseAll([`\`\`\`genui\n${command}\n\`\`\``])).toEqual([
      { kind: 'command', value: { deleteSurface: { surfaceId: 'a' } } },
    ]);
  });

  it('a command fence indented as a whole closes on its indented fence; another fence shows its lines as prose', () => {
    expect(parseAll([`Here:\n  \`\`\`genui\n      ${command}\n      \`\`\`\nbye`])).toEqual([
      { kind: 'text', text: 'Here:\n' },
      { kind: 'command', value: { deleteSurface: { surfaceId: 'a' } } },
      { kind: 'text', text: 'bye' },
    ]);
    const python = ' ```Python x\r\n{"deleteSurface":{}}\n      ```\n```  \nafter';
    expect(parseAll([...python])).toEqual([{ kind: 'text', text: python }]);
  });

  it('an answer cut on an opening fence line: a command fence opened on nothing, another one is prose', () => {
    expect(parseAll(['prose\n```genui'])).toEqual([{ kind: 'text', text: 'prose\n' }]);
    expect(parseAll(['prose\n```python'])).toEqual([{ kind: 'text', text: 'prose\n```python' }]);
  });

  it('an opening fence line of another fence over the limit is said dropped, and its fence read as prose', () => {
    const long = createAnswerParser({ maxLineChars: 10 });
    expect([...long.push('```python-long\nok\n```\n'), ...long.end()]).toEqual([
      { kind: 'error', message: 'a line of 14 characters was dropped (the limit is 10); send smaller surfaces' },
      { kind: 'text', text: 'ok\n```\n' },
    ]);
  });
});

describe('the answer parser holds an opening fence line (HeldFenceLine)', () => {
  it('reads the same answer alike however it is cut, its opening fence lines around the line limit (property)', () => {
    const max = 40;
    const parse = (pieces: string[]) => {
      const parser = createAnswerParser({ maxLineChars: max });
      return normalize([...pieces.flatMap((p) => parser.push(p)), ...parser.end()]);
    };
    // An answer's first fence line is an opening one (the scanner holds it): of another fence (prose) or a command
    // fence, one character under, at or over the limit. Later lines stay within it: inside a fence a fence line closes
    // it and is prose, and a prose line over the limit is previewed up to it when streamed, dropped when whole.
    const head = fc.constantFrom('```python', '```genui', '  ```js', '```', '```genui ');
    const opening = fc
      .tuple(head, fc.integer({ min: -1, max: 1 }))
      .map(([start, over]) => start.padEnd(max + over, start.startsWith('```genui') ? ' ' : 'x'));
    const line = fc.constantFrom('{"deleteSurface":{"surfaceId":"a"}}', 'prose', '```', '```js', '');
    const answer = fc
      .tuple(opening, fc.array(line, { maxLength: 4 }), fc.boolean())
      .map(([first, rest, ends]) => [first, ...rest].join('\n') + (ends ? '\n' : ''));
    fc.assert(
      fc.property(answer, fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces: string[] = [];
        let at = 0;
        for (const p of points) {
          pieces.push(text.slice(at, p));
          at = p;
        }
        pieces.push(text.slice(at));
        expect(parse(pieces), JSON.stringify(pieces)).toEqual(parse([text]));
        const whole = parse([text]);
        expect(parse([...text]), text).toEqual(whole);
        // The reference, for the held line itself: another fence's opening line within the limit is
        // shown as written (its line end too); one over it is said dropped with its length.
        const first = text.split('\n')[0]!;
        if (/^ *```genui/.test(first)) return;
        if (first.length > max)
          expect(whole[0], text).toEqual({
            kind: 'error',
            message: `a line of ${first.length} characters was dropped (the limit is ${max}); send smaller surfaces`,
          });
        else
          expect(whole[0]?.kind === 'text' && whole[0].text.startsWith(text.slice(0, first.length + 1)), text).toBe(
            true,
          );
      }),
      { numRuns: 400 },
    );
  });
});

describe('the answer parser reads a long line once', () => {
  // A held line tested or sliced whole on every piece costs the line per piece: a 200k-character
  // line in 4-character pieces took 5 s (review). Counted, not timed: the whole-line reads are the
  // trims, regex tests and slices of the held line, so their characters must grow with the line,
  // not with the line times its pieces.
  const charactersRead = (answer: string): number => {
    const pieces: string[] = [];
    for (let i = 0; i < answer.length; i += 4) pieces.push(answer.slice(i, i + 4));
    let read = 0;
    const { trim, trimStart, slice } = String.prototype;
    const { test } = RegExp.prototype;
    const count = <A extends unknown[], R>(real: (this: unknown, ...a: A) => R) =>
      function (this: unknown, ...a: A): R {
        read += String(this).length;
        return real.apply(this, a);
      };
    String.prototype.trim = count(trim);
    String.prototype.trimStart = count(trimStart);
    String.prototype.slice = count(slice);
    RegExp.prototype.test = function (this: RegExp, s: string) {
      read += s.length;
      return test.call(this, s);
    };
    try {
      for (const partial of [false, true]) {
        const parser = createAnswerParser({ partial });
        for (const piece of pieces) parser.push(piece);
        parser.end();
      }
    } finally {
      Object.assign(String.prototype, { trim, trimStart, slice });
      RegExp.prototype.test = test;
    }
    return read;
  };
  const command = (n: number) =>
    '{"addOrUpdateSurface":{"surfaceId":"a","definition":{"x":"' + 'a'.repeat(n) + '"}}}\n';

  it.each([
    ['a bare command line', (n: number) => command(n)],
    ['a command line in a genui fence', (n: number) => '```genui\n' + command(n) + '```\n'],
  ])('%s: the characters read grow with the line, not with its pieces', (_, answer) => {
    const small = charactersRead(answer(20_000));
    const large = charactersRead(answer(80_000));
    // Linear reads grow 4x; reads per piece grow 16x.
    expect(large / small).toBeLessThan(6);
  });
});
