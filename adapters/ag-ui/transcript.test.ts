import { describe, expect, it } from 'vitest';
import { transcriptTree, type Entry, type TextEntry } from './transcript.ts';

const cutNote = (entry: Entry): string =>
  JSON.stringify(transcriptTree(new Map([['m1', entry]]))).match(/\[… [^\]]*\]/)?.[0] ?? '';

describe('transcriptTree: a message past its bound', () => {
  it('keeps one cut note while the message streams (a note that changed per delta re-laid out all shown text), and counts at its end', () => {
    const streaming = (cut: number): TextEntry => ({
      kind: 'text',
      role: 'assistant',
      text: 'x'.repeat(100),
      cut,
      streaming: true,
    });
    expect(cutNote(streaming(1_000))).toContain('more characters were not shown');
    expect(cutNote(streaming(1_000))).toBe(cutNote(streaming(250_000)));
    expect(cutNote({ ...streaming(250_000), streaming: false })).toBe('[… 250000 more characters were not shown]');
  });
});
