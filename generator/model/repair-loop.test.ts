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
      endpoint,
      system: 'SYS',
      request: 'a card',
      maxTurns: 3,
      run,
      chat,
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
      endpoint,
      system: 'S',
      request: 'r',
      maxTurns: 2,
      chat,
      run: async () => ({ ok: false, error: 'nope' }),
    });
    expect(result.ok).toBe(false);
    expect(result.turns).toHaveLength(2);
    expect(seen).toHaveLength(2);
  });

  it('with runPrefix: complete prefixes run while the answer streams, then the whole program runs once', async () => {
    const program = ['const a = 1;', 'render(a);', 'const b = 2;', 'render(a + b);', ''].join('\n');
    const answer = `Here:\n\`\`\`js\n${program}\`\`\`\n`;
    // A slow stream: 3 characters every 2 ms, so several throttled prefix runs fit in.
    const chat = async (request: ChatRequest): Promise<string> => {
      for (const piece of answer.match(/[\s\S]{1,3}/g) ?? []) {
        request.onDelta?.(piece);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return answer;
    };
    const events: string[] = [];
    const result = await generateWithRepair({
      endpoint,
      system: 'S',
      request: 'r',
      maxTurns: 1,
      chat,
      prefixThrottleMs: 5,
      runPrefix: async (code) => void events.push(`prefix ${code.split('\n').length}`),
      run: async (code) => {
        events.push(`final ${code === program}`);
        return { ok: true };
      },
    });
    expect(result.ok).toBe(true);
    const prefixes = events.filter((e) => e.startsWith('prefix'));
    expect(prefixes.length).toBeGreaterThanOrEqual(1);
    // Each prefix ran once and grew; the final run came last, exactly once, with the whole program.
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(events.at(-1)).toBe('final true');
    expect(events.filter((e) => e.startsWith('final'))).toHaveLength(1);
  });

  it('with runPrefix: a failing prefix is ignored and no prefix runs after a failed stream', async () => {
    let prefixRuns = 0;
    const chat = async (request: ChatRequest): Promise<string> => {
      request.onDelta?.('```js\nconst a = 1;\n');
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the connection dropped');
    };
    await expect(
      generateWithRepair({
        endpoint,
        system: 'S',
        request: 'r',
        maxTurns: 1,
        chat,
        prefixThrottleMs: 0,
        runPrefix: async () => {
          prefixRuns += 1;
          throw new Error('a prefix failed');
        },
        run: async () => ({ ok: true }),
      }),
    ).rejects.toThrow('the connection dropped');
    const after = prefixRuns;
    expect(after).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(prefixRuns).toBe(after);
  });
});
