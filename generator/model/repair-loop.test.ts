import { describe, expect, it } from 'vitest';
import type { ChatRequest } from './chat-client.ts';
import { generateWithRepair, type RunOutcome } from './repair-loop.ts';

const endpoint = { baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKey: '' };

function scriptedChat(answers: string[]) {
  const seen: ChatRequest[] = [];
  const chat = async (request: ChatRequest): Promise<string> => {
    seen.push(request);
    const answer = answers.shift() ?? '';
    for (const piece of answer.match(/[\s\S]{1,3}/g) ?? []) request.onDelta?.(piece);
    return answer;
  };
  return { chat, seen };
}

describe('generateWithRepair', () => {
  it('sends the error back and stops at the first program that renders', async () => {
    const { chat, seen } = scriptedChat(['```js\nbroken(\n```', 'Fixed:\n```js\nfixed();\n```']);
    const ran: string[] = [];
    const run = async (code: string): Promise<RunOutcome> => {
      ran.push(code);
      return code.includes('broken') ? { ok: false, error: 'op 0 (suip/ops/append) at path ["x"]: bad' } : { ok: true };
    };
    const streamed: string[] = [];
    const result = await generateWithRepair({
      endpoint, system: 'SYS', request: 'a card', maxTurns: 3, run, chat,
      observer: { onDelta: (_turn, _answer, code) => streamed.push(code) },
    });
    expect(result.ok).toBe(true);
    expect(result.turns.map((t) => t.kind)).toEqual(['generate', 'repair']);
    expect(ran).toEqual(['broken(\n', 'fixed();\n']);
    expect(seen[1]?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(seen[1]?.messages[3]?.content).toContain('at path ["x"]: bad');
    expect(streamed.at(-1)).toBe('fixed();\n');
  });

  it('gives up after maxTurns turns', async () => {
    const { chat, seen } = scriptedChat(['a', 'b', 'c', 'd']);
    const result = await generateWithRepair({
      endpoint, system: 'S', request: 'r', maxTurns: 2, chat,
      run: async () => ({ ok: false, error: 'nope' }),
    });
    expect(result.ok).toBe(false);
    expect(result.turns).toHaveLength(2);
    expect(seen).toHaveLength(2);
  });
});
