import { describe, expect, it } from 'vitest';
import type { A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { AgentIssues, MAX_TOLD_RENDER_ISSUES } from './agent-issues.ts';
import { A2uiError } from './limits.ts';

function issues(): { agent: AgentIssues; sent: A2uiOutgoing[] } {
  const sent: A2uiOutgoing[] = [];
  return { agent: new AgentIssues((out) => sent.push(out), 'v0.9'), sent };
}

describe('AgentIssues', () => {
  it('sends a failure as one error message, with "/" for a VALIDATION_FAILED without a path', () => {
    const { agent, sent } = issues();
    expect(agent.fail('s', new A2uiError('VALIDATION_FAILED', '', 'bad'))).toEqual([
      { adapter: 'a2ui', code: 'VALIDATION_FAILED', surfaceId: 's', path: '', message: 'bad' },
    ]);
    agent.fail('s', new Error('boom'));
    expect(sent.map((o) => o.message)).toEqual([
      { version: 'v0.9', error: { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/', message: 'bad' } },
      { version: 'v0.9', error: { code: 'INTERNAL', surfaceId: 's', message: 'boom', path: '' } },
    ]);
  });

  it('tells a translation issue once while it lasts, and again once it came back', () => {
    const { agent, sent } = issues();
    const issue = { code: 'VALIDATION_FAILED', path: '/components/0', message: 'no child' };
    agent.tellTranslation('s', [issue]);
    agent.tellTranslation('s', [issue]);
    expect(sent).toHaveLength(1);
    agent.tellTranslation('s', []);
    agent.tellTranslation('s', [issue]);
    expect(sent).toHaveLength(2);
  });

  it("tells a render refusal once for the surface's life, bounded, and forgets a deleted surface", () => {
    const { agent, sent } = issues();
    const refusal = (n: number) => ({
      adapter: 'a2ui' as const,
      code: 'VALIDATION_FAILED',
      surfaceId: 's',
      path: '/components/1',
      message: `refused ${n}`,
    });
    agent.tellRender(refusal(0), 'r0');
    agent.tellTranslation('s', []);
    agent.tellRender(refusal(0), 'r0');
    expect(sent).toHaveLength(1);
    for (let n = 1; n <= MAX_TOLD_RENDER_ISSUES + 5; n += 1) agent.tellRender(refusal(n), `r${n}`);
    expect(sent).toHaveLength(MAX_TOLD_RENDER_ISSUES);
    agent.forget('s');
    agent.tellRender(refusal(0), 'r0');
    expect(sent).toHaveLength(MAX_TOLD_RENDER_ISSUES + 1);
  });
});
