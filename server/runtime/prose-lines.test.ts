import { describe, expect, it } from 'vitest';
import { pickIn } from './pick-tool.ts';
import { createProseLines } from './prose-lines.ts';

function lines(pieces: string[]): string[] {
  const out: string[] = [];
  const prose = createProseLines((line) => out.push(line));
  for (const piece of pieces) prose.push(piece);
  prose.end();
  return out;
}

describe('createProseLines', () => {
  const answer = 'Here is a card.\n\n```js\nrender(text("hi"));\n```\nOpen it.  \n   ```\nleft open';

  it('says the prose lines outside fences, trimmed at the end, however the answer is cut', () => {
    const expected = ['Here is a card.', 'Open it.'];
    expect(lines([answer])).toEqual(expected);
    expect(lines([...answer])).toEqual(expected);
    expect(lines([answer.slice(0, 20), answer.slice(20, 21), answer.slice(21)])).toEqual(expected);
  });

  it('skips a runaway prose line with a note, never buffering it whole', () => {
    expect(lines(['a\n', 'x'.repeat(70_000), '\nb'])).toEqual(['a', '[a line of 70000 characters was skipped]', 'b']);
  });
});

describe('pickIn', () => {
  it('reads a closed ```pick block and ignores other fences', () => {
    const pick = '```pick\n{"title": "Which?", "items": [{"id": "a", "label": "A"}]}\n```';
    expect(pickIn(`Choose:\n${pick}`)).toEqual({
      kind: 'pick',
      params: { title: 'Which?', items: [{ id: 'a', label: 'A' }] },
    });
    expect(pickIn('```js\nrender()\n```')).toEqual({ kind: 'none' });
    expect(pickIn('```pick\n{"title": "cut')).toEqual({ kind: 'none' });
    expect(pickIn('```pick\nnot json\n```')).toMatchObject({ kind: 'invalid', error: /the pick block is not JSON/ });
  });
});
