import { describe, expect, it } from 'vitest';
import { splitAnswer } from './code-splitter.ts';

describe('splitAnswer', () => {
  const answer = 'Here is a counter.\n```js\nconst { render } = suip;\nrender("hi");\n```\nPress it.';

  it('splits prose, code and what follows', () => {
    expect(splitAnswer(answer)).toEqual({ prose: 'Here is a counter.\n', code: 'const { render } = suip;\nrender("hi");', closed: true, after: 'Press it.' });
  });

  it('is append-only over every prefix of the answer (what the AG-UI stream needs)', () => {
    let last = splitAnswer('');
    for (let i = 1; i <= answer.length; i += 1) {
      const next = splitAnswer(answer.slice(0, i));
      expect(next.prose.startsWith(last.prose)).toBe(true);
      if (last.code !== undefined) expect(next.code?.startsWith(last.code)).toBe(true);
      if (last.code !== undefined) expect(next.prose).toBe(last.prose);
      last = next;
    }
    expect(last.code).toBe('const { render } = suip;\nrender("hi");');
  });

  it('has no code when the model wrote none', () => {
    expect(splitAnswer('Just words, and a `tick`.')).toEqual({ prose: 'Just words, and a `tick`.', closed: false, after: '' });
  });
});
