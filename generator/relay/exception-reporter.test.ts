import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelayReport } from '../../shared/relay-control.ts';
import { createExceptionReporter } from './exception-reporter.ts';

describe('createExceptionReporter', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the burst, counts the rest, and names the count in the next report sent', () => {
    const sent: RelayReport[] = [];
    const report = createExceptionReporter(2, (message) => sent.push(message));
    for (let i = 0; i < 5; i++) report(`boom ${i}`, i, false);
    expect(sent).toEqual([
      { suip: 'exception', message: 'boom 0', line: 0 },
      { suip: 'exception', message: 'boom 1', line: 1 },
    ]);
  });

  it('names how many were held back in the first report once the budget refilled', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const sent: RelayReport[] = [];
    const report = createExceptionReporter(2, (message) => sent.push(message));
    for (let i = 0; i < 5; i++) report(`boom ${i}`, undefined, false);
    vi.advanceTimersByTime(1000);
    report('later', undefined, false);
    expect(sent.at(-1)).toEqual({ suip: 'exception', message: 'later (and 3 more since the last report)' });
  });

  it('marks a caught exception and omits an unknown line', () => {
    const sent: RelayReport[] = [];
    createExceptionReporter(5, (message) => sent.push(message))('caught', undefined, true);
    expect(sent).toEqual([{ suip: 'exception', message: 'caught', handled: true }]);
  });
});
