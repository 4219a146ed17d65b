import { describe, expect, it } from 'vitest';
import { messageText } from './message-text.ts';

describe('messageText: the text of an AG-UI message content', () => {
  it('reads a string, joins the text parts of an array, and gives empty for anything else', () => {
    expect(messageText('hello')).toBe('hello');
    expect(
      messageText([
        { type: 'text', text: 'one ' },
        { type: 'binary', mimeType: 'image/png', data: 'AAAA' },
        { type: 'text' },
        { type: 'text', text: 'two' },
      ]),
    ).toBe('one two');
    expect(messageText(undefined)).toBe('');
    expect(messageText({ text: 'not a part list' })).toBe('');
  });

  it('skips parts a sender shaped wrongly (null, a number, a text not a string), never throws', () => {
    const parts: unknown[] = [
      null,
      7,
      { type: 'text', text: { toString: () => 'object' } },
      { type: 'text', text: 'ok' },
    ];
    expect(messageText(parts)).toBe('ok');
  });
});
