import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../generator/model/chat-client.ts';
import { registerSecret } from '../../shared/redact.ts';
import { createRenderTool } from './render-tool.ts';

const endpoint = { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'sk-render-tool-secret-123456' };

describe('suip_render with a request', () => {
  it('runs the repair loop: a failing program goes back to the model with the error, the fixed one is shown', async () => {
    const seen: ChatRequest[] = [];
    const answers = [
      '```js\nsuip.text("no render")\n```',
      '```js\nconst { render, text } = suip;\nrender(text("fixed"));\n```',
    ];
    const render = createRenderTool({ endpoint, chat: async (request) => (seen.push(request), answers.shift()!) });
    const answer = await render({ request: 'a greeting', data: { who: 'Ada' } });
    expect(answer.isError).toBe(false);
    expect(answer.structured).toEqual({
      program: 'const { render, text } = suip;\nrender(text("fixed"));\n',
      source: 'model',
      turns: 2,
      data: { who: 'Ada' },
    });
    expect(seen).toHaveLength(2);
    expect(JSON.stringify(seen[1]!.messages)).toContain('never calls render');
  });

  it('gives up after maxTurns with an error the calling model can read', async () => {
    const render = createRenderTool({ endpoint, maxTurns: 2, chat: async () => 'no program at all' });
    const answer = await render({ request: 'x' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/did not write a working program in 2 turns/);
  });

  it('refuses requests past its concurrency budget at once instead of queueing them', async () => {
    let release!: () => void;
    const held = new Promise<string>(
      (resolve) => (release = () => resolve('```js\nsuip.render(suip.text("ok"))\n```')),
    );
    const render = createRenderTool({ endpoint, maxConcurrent: 1, chat: () => held });
    const first = render({ request: 'one' });
    const second = await render({ request: 'two' });
    expect(second.isError).toBe(true);
    expect(second.text).toContain('already writing 1 programs');
    release();
    expect((await first).isError).toBe(false);
  });

  it('never passes the model key on in an error', async () => {
    registerSecret(endpoint.apiKey);
    const render = createRenderTool({
      endpoint,
      chat: async () => {
        throw new Error(`HTTP 401: bad key ${endpoint.apiKey}`);
      },
    });
    const answer = await render({ request: 'x' });
    expect(answer.isError).toBe(true);
    expect(JSON.stringify(answer)).not.toContain(endpoint.apiKey);
  });

  it('without a model, says what to pass instead', async () => {
    const answer = await createRenderTool(undefined)({ request: 'x' });
    expect(answer).toMatchObject({ isError: true, structured: { program: '', source: 'model' } });
    expect(answer.text).toContain('pass `program`');
  });
});
