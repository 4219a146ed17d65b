import { describe, expect, it } from 'vitest';
import { DEMO_ANSWERS, findDemoAnswer } from './demo-answers.ts';
import { DemoNoAnswerError, demoAnswerFor, demoChat } from './demo-model.ts';

const endpoint = { baseUrl: 'demo:', model: 'recorded', apiKey: '' };
const ask = (...users: string[]) => ({
  endpoint,
  messages: [
    { role: 'system' as const, content: 'prompt' },
    ...users.flatMap((content, i) =>
      i === 0
        ? [{ role: 'user' as const, content }]
        : [
            { role: 'assistant' as const, content: 'earlier answer' },
            { role: 'user' as const, content },
          ],
    ),
  ],
});

describe('the demo model', () => {
  it('has at least 10 recordings, each answering its own suggested request', () => {
    expect(DEMO_ANSWERS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DEMO_ANSWERS.map((a) => a.id)).size).toBe(DEMO_ANSWERS.length);
    for (const answer of DEMO_ANSWERS) expect(findDemoAnswer(answer.request)?.id, answer.request).toBe(answer.id);
  });

  it('answers the requests of the issue with different programs', () => {
    const weather = demoAnswerFor(ask('weather card for Oslo')).text;
    const login = demoAnswerFor(ask('a login form')).text;
    expect(weather).toContain("const city = 'Oslo'");
    expect(login).toContain("['label', 'Email']");
    // The default host policy refuses password fields: the recorded sign-in asks for none.
    expect(login).not.toContain("'password'");
    expect(weather).not.toBe(login);
  });

  it('says it has no answer instead of answering another request', async () => {
    for (const request of ['A weather card for Paris', 'A flight booking page', 'hello']) {
      expect(findDemoAnswer(request), request).toBeUndefined();
      await expect(demoChat(ask(request))).rejects.toThrow(DemoNoAnswerError);
    }
    await expect(demoChat(ask('A pizza menu'))).rejects.toThrow(/no recorded answer for “A pizza menu”/);
  });

  it('repairs only what it has a recorded repair for', async () => {
    const repaired = await demoChat(
      ask('A card with visitor statistics', 'Your program failed when it ran in the suip sandbox: …'),
    );
    expect(repaired).toContain("['value', s.value]");
    expect(() => demoAnswerFor(ask('A quiz', 'Your program failed …'))).toThrow(/no recorded repair/);
  });

  it('streams the answer it returns, as a fenced program a model would write', async () => {
    const deltas: string[] = [];
    const text = await demoChat({ ...ask('A counter'), onDelta: (d) => deltas.push(d) });
    expect(deltas.join('')).toBe(text);
    expect(text).toMatch(/^The smallest interactive program, a counter:\n\n```js\n[\s\S]+\n```$/);
  });
});
