import { describe, expect, it } from 'vitest';
import { AnswerStream, RENDER_TOOL } from './answer-stream.ts';

describe('AnswerStream', () => {
  it('says prose, the program as a tool call with a streamed code argument, and the prose after it', () => {
    const events: Array<Record<string, unknown>> = [];
    const answer = new AnswerStream((event) => events.push(event));
    for (const char of 'Hi\n```js\nrender("a")\n```\nBye') answer.push(char);
    answer.end();
    expect(events.map((e) => e.type)).toEqual([
      'TEXT_MESSAGE_START',
      ...Array(3).fill('TEXT_MESSAGE_CONTENT'),
      'TEXT_MESSAGE_END',
      'TOOL_CALL_START',
      ...Array(1 + 'render("a")'.length + 1).fill('TOOL_CALL_ARGS'),
      'TOOL_CALL_END',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
    ]);
    const args = events.filter((e) => e.type === 'TOOL_CALL_ARGS').map((e) => e.delta as string);
    expect(JSON.parse(args.join(''))).toEqual({ code: 'render("a")' });
    expect(events.find((e) => e.type === 'TOOL_CALL_START')?.toolCallName).toBe(RENDER_TOOL);
    expect(events.at(-2)?.delta).toBe('Bye');
    expect(answer.length).toBe('Hi\n```js\nrender("a")\n```\nBye'.length);
  });
});
