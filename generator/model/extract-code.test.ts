import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStreamingCode, extractCode, streamingCode } from './extract-code.ts';

describe('extractCode', () => {
  it('takes the fenced program out of prose', () => {
    const answer = 'Here is your card:\n\n```javascript\nconst { text } = suip;\nrender(text("hi"));\n```\n\nEnjoy!';
    expect(extractCode(answer)).toBe('const { text } = suip;\nrender(text("hi"));\n');
  });

  it('prefers the longest JavaScript block and skips other languages', () => {
    const answer =
      '```json\n{"a": 1, "long": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}\n```\n```js\nshort()\n```\n```js\nthe(); real(); program();\n```';
    expect(extractCode(answer)).toBe('the(); real(); program();\n');
  });

  it('returns an unfenced answer as is', () => {
    expect(extractCode('  suip.render(suip.text("x"))  ')).toBe('suip.render(suip.text("x"))\n');
  });

  it('accepts an unterminated fence (a model cut off at the end)', () => {
    expect(extractCode('```js\nrender(view());')).toBe('render(view());\n');
  });
});

describe('streamingCode', () => {
  it('shows nothing of the prose before a fence and stops at the closing fence', () => {
    expect(streamingCode('Sure! ```')).toBe('');
    expect(streamingCode('Sure!\n```js\nconst a')).toBe('const a');
    expect(streamingCode('Sure!\n```js\nconst a = 1;\n```\nBye')).toBe('const a = 1;\n');
    expect(streamingCode('const a = 1;')).toBe('const a = 1;');
  });
});

describe('createStreamingCode', () => {
  // Answers made of the pieces fences are made of: backticks cut anywhere, info strings, indents, line ends.
  const piece = fc.constantFrom(
    '```',
    '```js',
    '`',
    '``',
    '\n',
    '\n```',
    '   ',
    '\t',
    'js',
    'Sure! ',
    'a();',
    '\n```\n',
  );
  const answer = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));

  it('answers at every delta what streamingCode answers for the answer so far, however it is cut', () => {
    fc.assert(
      fc.property(answer, fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 20 }), (text, sizes) => {
        const streaming = createStreamingCode();
        let at = 0;
        for (let i = 0; at < text.length; i += 1) {
          const next = Math.min(text.length, at + (sizes[i % Math.max(1, sizes.length)] ?? 1));
          expect(streaming.push(text.slice(at, next)), JSON.stringify(text.slice(0, next))).toBe(
            streamingCode(text.slice(0, next)),
          );
          at = next;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
