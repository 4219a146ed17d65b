import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOrderBuffer } from './order-buffer.ts';
import type { AgentEvent } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { applyEvent, newRun } from './transcript-state.ts';
import { transcriptTree } from './transcript-view.ts';

const EVENTS: AgentEvent[] = [
  { type: 'reasoning', content: 'thinking' },
  { type: 'step_start', step_id: 's', title: 'Step', step_number: 1 },
  { type: 'tool_call', tool: 'read', args: { path: 'a' }, tool_call_id: '__proto__' },
  { type: 'tool_result', tool: 'read', result: 'ok', tool_call_id: '__proto__' },
  { type: 'step_complete', step_id: 's', status: 'completed', duration_ms: 500 },
  { type: 'text', content: 'Hello' },
  { type: 'text', content: 'Hello world' },
  { type: 'final', content: 'Hello world' },
];
const actions = {
  send: () => undefined,
  cancel: () => undefined,
  restart: () => undefined,
  setModel: () => undefined,
  listSessions: () => undefined,
  resume: () => undefined,
};
const tree = (run: ReturnType<typeof newRun>) =>
  JSON.stringify(transcriptTree({ connection: 'open', runs: [run], problems: [], inputKey: 0 }, actions));

describe('transcript', () => {
  it('any arrival order gives the same tree as the seq order', () => {
    const inOrder = newRun('r1', 'run-x', 'hi');
    for (const event of EVENTS) applyEvent(inOrder, event);
    const expected = tree(inOrder);
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...EVENTS.keys()], { minLength: EVENTS.length, maxLength: EVENTS.length }),
        (order) => {
          const run = newRun('r1', 'run-x', 'hi');
          const buffer = createOrderBuffer<AgentEvent>({
            deliver: (_seq, event) => applyEvent(run, event),
            setTimer: () => 0,
            clearTimer: () => undefined,
          });
          for (const seq of order) buffer.push(seq, EVENTS[seq]!);
          expect(tree(run)).toBe(expected);
        },
      ),
    );
  });

  it('text that extends what is shown replaces it; other text is a new paragraph; final is not repeated', () => {
    const run = newRun('r1', 'x', 'hi');
    for (const event of EVENTS) applyEvent(run, event);
    expect(run.text).toBe('Hello world');
    expect(tree(run).match(/Hello world/g)).toHaveLength(1);
    applyEvent(run, { type: 'text', content: 'Another message' });
    expect(run.text).toBe('Hello world\n\nAnother message');
    // Now the final says something the text does not (as codelia's runtime does): both are shown.
    expect(tree(run).match(/Hello world/g)).toHaveLength(2);
  });

  it('hostile runtime ids never become particle ids; the spinner and cancel show only while running', () => {
    const run = newRun('r1', '../../__proto__', 'hi');
    for (const event of EVENTS) applyEvent(run, event);
    run.status = 'running';
    const live = tree(run);
    expect(live).not.toContain('__proto__"');
    expect(live).toContain('"Working"');
    expect(live).toContain('"Cancel"');
    run.status = 'cancelled';
    expect(tree(run)).not.toContain('"Working"');
    expect(tree(run)).not.toContain('"Cancel"');
  });
});
