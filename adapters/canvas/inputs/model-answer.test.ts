import { fromCanvasIssue } from '../../kit/issue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { nodeCanvasTarget } from '../testing/node-target.ts';
import { createCanvasHost, type CanvasIssue } from '../host.ts';
import { opsFromText } from './fence.ts';
import { streamCanvasAnswer } from './model-answer.ts';

const ANSWER = [
  'Here is the weather.',
  '```genui',
  JSON.stringify({
    op: 'upsert',
    id: 'w',
    type: 'card',
    data: { title: 'Today', text: 'Rain until noon, then clearing from the west.' },
  }),
  '{"op":"upsert","id":"bad","type":"card","data":{"title":"Never kept"},}',
  JSON.stringify({
    op: 'upsert',
    id: 'a',
    type: 'alert',
    data: { title: 'Wind', message: 'Gusts up to 60 km/h in the afternoon.', severity: 'warning' },
  }),
  '```',
  'Anything else?',
].join('\n');

let llm: FakeLlmServer;
beforeAll(async () => {
  llm = await startFakeLlmServer(
    (r) =>
      r.messages.at(-1)?.content === 'cut' ? { steps: [{ content: ANSWER.slice(0, 120) }, { cut: true }] } : ANSWER,
    { chunkChars: 7, chunkDelayMs: 0 },
  );
});
afterAll(() => llm.close());

describe('streamCanvasAnswer: a streamed chat completion into host.feed()', () => {
  it('ends in the canvas, prose and issues of a non-streamed run of the same answer', async () => {
    const reference = nodeCanvasTarget();
    const referenceIssues: CanvasIssue[] = [];
    const whole = await createCanvasHost(reference, { onIssue: (i) => referenceIssues.push(i) });
    const decoded = opsFromText(ANSWER);
    for (const op of decoded.ops) whole.apply(op);
    for (const message of decoded.errors) referenceIssues.push(fromCanvasIssue({ message }));
    await whole.settle();

    const t = nodeCanvasTarget();
    const issues: CanvasIssue[] = [];
    const host = await createCanvasHost(t, { onIssue: (i) => issues.push(i) });
    const prose: string[] = [];
    const answer = await streamCanvasAnswer(host, {
      endpoint: { baseUrl: llm.baseUrl, model: 'fake', apiKey: '' },
      messages: [{ role: 'user', content: 'weather' }],
      onText: (text) => prose.push(text),
    });
    await host.settle();
    expect(answer).toBe(ANSWER);
    expect(t.tree()).toEqual(reference.tree());
    expect(issues.map((i) => i.message).sort()).toEqual(referenceIssues.map((i) => i.message).sort());
    expect(issues.some((i) => /JSON/.test(i.message))).toBe(true);
    expect(prose).toEqual(['Here is the weather.', 'Anything else?']);
    expect(t.violations).toEqual([]);
  });

  it('an answer cut off inside a block rejects, leaves no preview and applies nothing of the open line', async () => {
    const t = nodeCanvasTarget();
    const issues: CanvasIssue[] = [];
    const host = await createCanvasHost(t, { onIssue: (i) => issues.push(i) });
    await expect(
      streamCanvasAnswer(host, {
        endpoint: { baseUrl: llm.baseUrl, model: 'fake', apiKey: '' },
        messages: [{ role: 'user', content: 'cut' }],
      }),
    ).rejects.toThrow();
    await host.settle();
    expect(JSON.stringify(t.tree())).not.toContain('Rain until');
    expect(host.state.components.size).toBe(0);
    expect(issues.map((i) => i.message)).toContainEqual(expect.stringMatching(/never closed/));
  });
});
