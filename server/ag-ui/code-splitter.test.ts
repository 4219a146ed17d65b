import { describe, expect, it } from 'vitest';
import { createAnswerSplitter, splitAnswer } from './code-splitter.ts';

describe('splitAnswer', () => {
  const answer = 'Here is a counter.\n```js\nconst { render } = suip;\nrender("hi");\n```\nPress it.';

  it('splits prose, code and what follows', () => {
    expect(splitAnswer(answer)).toEqual({
      prose: 'Here is a counter.\n',
      code: 'const { render } = suip;\nrender("hi");',
      closed: true,
      after: 'Press it.',
    });
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
    expect(splitAnswer('Just words, and a `tick`.')).toEqual({
      prose: 'Just words, and a `tick`.',
      closed: false,
      after: '',
    });
  });
});

describe('createAnswerSplitter', () => {
  const answers = [
    'Here is a counter.\n```js\nconst { render } = suip;\nrender("hi");\n```\nPress it.',
    'No fence, but `ticks`` and ``',
    '```\n```',
    'a\n```js\nx\n``\n`\n```js tail\nafter\nmore',
    'Prose ``` then\ncode\n```',
  ];

  it('gives, delta by delta and for every way of cutting the answer, what the one-shot split gives', () => {
    for (const answer of answers) {
      for (const size of [1, 2, 3, 5]) {
        const splitter = createAnswerSplitter();
        for (let i = 0; i < answer.length; i += size) {
          splitter.push(answer.slice(i, i + size));
          expect(splitter.split(), `${JSON.stringify(answer)} in pieces of ${size}, at ${i}`).toEqual(
            referenceSplit(answer.slice(0, i + size)),
          );
        }
      }
    }
  });

  it('answers each push with only what it added, so a long answer in one-character deltas is a sum of its pieces', () => {
    const splitter = createAnswerSplitter();
    const body = Array.from({ length: 2_500 }, (_, i) => `line ${i}`).join('\n');
    const answer = `Intro\n\`\`\`js\n${body}\n\`\`\`\nBye`;
    let prose = '';
    let code = '';
    for (const char of answer) {
      const step = splitter.push(char);
      prose += step.prose;
      code += step.code;
    }
    expect({ prose, code }).toEqual({ prose: 'Intro\n', code: body });
    expect(splitter.split().after).toBe('Bye');
    expect(splitter.length).toBe(answer.length);
  });
});

/** The former whole-answer split, kept as the reference the incremental one must agree with. */
function referenceSplit(answer: string) {
  const open = answer.indexOf('```');
  if (open === -1) {
    const held = /`{1,2}$/.exec(answer);
    return { prose: held === null ? answer : answer.slice(0, held.index), closed: false, after: '' };
  }
  const lineEnd = answer.indexOf('\n', open);
  if (lineEnd === -1) return { prose: answer.slice(0, open), code: '', closed: false, after: '' };
  const body = answer.slice(lineEnd + 1);
  const close = body.search(/(^|\n)```/);
  if (close === -1) {
    const lastLine = body.lastIndexOf('\n');
    const tail = body.slice(lastLine + 1);
    const held = /^`{1,2}$/.test(tail) || tail === '' ? body.slice(0, Math.max(0, lastLine)) : body;
    return { prose: answer.slice(0, open), code: held, closed: false, after: '' };
  }
  return {
    prose: answer.slice(0, open),
    code: body.slice(0, close),
    closed: true,
    after: body.slice(close).replace(/^\n?```[^\n]*\n?/, ''),
  };
}
