import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completePrefix, parses } from './program-prefix.ts';

const PROGRAM = `const { render, group, text } = suip;
render(group('card', [['title', text('Weather')]]));
const rows = ['Mon', 'Tue', 'Wed'];
for (const day of rows) {
  await new Promise((resolve) => setTimeout(resolve, 1));
}
render(group('card', [
  ['title', text('Weather')],
  ['body', text(rows.join(', '))],
]));
`;

describe('completePrefix', () => {
  it('cuts at the last line end where the program so far parses', () => {
    expect(completePrefix(PROGRAM.slice(0, PROGRAM.indexOf('const rows')))).toBe(
      "const { render, group, text } = suip;\nrender(group('card', [['title', text('Weather')]]));\n",
    );
    // Inside the for loop and inside the last render call, the cut stays before them.
    expect(completePrefix(PROGRAM.slice(0, PROGRAM.indexOf('await')))).toBe(PROGRAM.slice(0, PROGRAM.indexOf('for (')));
    expect(completePrefix(PROGRAM.slice(0, PROGRAM.indexOf("['body'")))).toBe(
      PROGRAM.slice(0, PROGRAM.indexOf("render(group('card', [\n")),
    );
    expect(completePrefix(PROGRAM)).toBe(PROGRAM);
    expect(completePrefix('const a = (')).toBeUndefined();
  });

  it('property: for every cut of the stream, the prefix is a parsing prefix of the final program, and it only grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: PROGRAM.length }), fc.integer({ min: 0, max: PROGRAM.length }), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        const first = completePrefix(PROGRAM.slice(0, short));
        const second = completePrefix(PROGRAM.slice(0, long));
        for (const prefix of [first, second]) {
          if (prefix === undefined) continue;
          expect(PROGRAM.startsWith(prefix)).toBe(true);
          expect(parses(prefix)).toBe(true);
        }
        if (first !== undefined) expect(second !== undefined && second.length >= first.length).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('splits at every character: never returns text the final program does not start with', () => {
    for (let cut = 0; cut <= PROGRAM.length; cut += 1) {
      const prefix = completePrefix(PROGRAM.slice(0, cut));
      if (prefix !== undefined) expect(PROGRAM.startsWith(prefix), `cut ${cut}`).toBe(true);
    }
  });
});
