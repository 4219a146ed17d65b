import { describe, expect, it } from 'vitest';
import { extractCode, streamingCode } from './extract-code.ts';

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
