import { describe, expect, it } from 'vitest';
import { a2uiMessages } from './a2ui-messages.ts';

describe('an A2UI stream read from the editor', () => {
  it('reads the corpus form, a JSON list, one message and JSONL alike', () => {
    const a = { version: 'v0.9', createSurface: { surfaceId: 's' } };
    const b = { version: 'v0.9', deleteSurface: { surfaceId: 's' } };
    expect(a2uiMessages(JSON.stringify({ messages: [a, b] }))).toEqual([a, b]);
    expect(a2uiMessages(JSON.stringify([a, b]))).toEqual([a, b]);
    expect(a2uiMessages(` ${JSON.stringify(a)} `)).toEqual([a]);
    expect(a2uiMessages(`${JSON.stringify(a)}\n\n${JSON.stringify(b)}\n`)).toEqual([a, b]);
  });

  it('lets a line that is not JSON throw, so the editor shows why', () => {
    expect(() => a2uiMessages('{"a": 1}\nnot json')).toThrow(SyntaxError);
  });
});
