import { describe, expect, it } from 'vitest';
import {
  consents,
  forgetConsents,
  MAX_REMEMBERED_ANSWERS,
  type ConsentAnswer,
  type ToolCallRequest,
} from './tool-consent.ts';

const call = (name: string, app = 'ui://a/app.html'): ToolCallRequest => ({ name, arguments: {}, app });

/** A rule whose prompt answers from a queue and counts how often it was shown. */
function prompting(answers: ConsentAnswer[]) {
  const asked: string[] = [];
  return {
    asked,
    rule: { ask: async (c: ToolCallRequest) => (asked.push(`${c.app} ${c.name}`), answers.shift() ?? false) },
  };
}

describe('tool consent', () => {
  it('a remembered allow holds for that app and tool for the session: a polling app asks once', async () => {
    const session = {};
    const { asked, rule } = prompting([{ allow: true, remember: true }]);
    for (let i = 0; i < 8; i += 1) expect(await consents(rule, call('poll'), session)).toBe(true);
    expect(asked).toEqual(['ui://a/app.html poll']);
  });

  it('a remembered refusal holds too; a bare answer is for one call only', async () => {
    const session = {};
    const { asked, rule } = prompting([{ allow: false, remember: true }, true, false]);
    expect(await consents(rule, call('wipe'), session)).toBe(false);
    expect(await consents(rule, call('wipe'), session)).toBe(false);
    expect(await consents(rule, call('read'), session)).toBe(true);
    expect(await consents(rule, call('read'), session)).toBe(false);
    expect(asked).toEqual(['ui://a/app.html wipe', 'ui://a/app.html read', 'ui://a/app.html read']);
  });

  it('answers are kept per app, per tool and per session, and forgetConsents drops them', async () => {
    const session = {};
    const { asked, rule } = prompting([{ allow: true, remember: true }, false, false, false, false]);
    expect(await consents(rule, call('poll'), session)).toBe(true);
    expect(await consents(rule, call('poll', 'ui://b/app.html'), session)).toBe(false);
    expect(await consents(rule, call('other'), session)).toBe(false);
    expect(await consents(rule, call('poll'), {})).toBe(false);
    forgetConsents(session);
    expect(await consents(rule, call('poll'), session)).toBe(false);
    expect(asked).toHaveLength(5);
  });

  it(
    'app-only tools are not asked about (unless askAppOnly); allow-listed ' + 'tools never are; no rule refuses',
    async () => {
      const { asked, rule } = prompting([false]);
      expect(await consents(rule, call('refresh'), {}, true)).toBe(true);
      expect(await consents({ ...rule, askAppOnly: true }, call('refresh'), {}, true)).toBe(false);
      expect(await consents({ allow: ['x'] }, call('x'), {})).toBe(true);
      expect(await consents(undefined, call('x'), {})).toBe(false);
      expect(await consents({ ask: () => Promise.reject(new Error('closed')) }, call('x'), {})).toBe(false);
      expect(asked).toEqual(['ui://a/app.html refresh']);
    },
  );

  it('an app cannot grow the memory without bound: past the cap, answers are for one call only', async () => {
    const session = {};
    const rule = { ask: async () => ({ allow: true, remember: true }) };
    for (let i = 0; i < MAX_REMEMBERED_ANSWERS + 10; i += 1) await consents(rule, call(`t${i}`), session);
    let asks = 0;
    const counting = { ask: async () => ((asks += 1), true) };
    await consents(counting, call('t0'), session);
    await consents(counting, call(`t${MAX_REMEMBERED_ANSWERS + 5}`), session);
    expect(asks).toBe(1);
  });
});
