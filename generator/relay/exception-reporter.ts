import { createRateBudget } from '../../shared/rate-budget.ts';
import { REPORT_MESSAGE_CHARS, type RelayReport } from '../../shared/relay-control.ts';

/** Reports one exception of the program (its message, the line when known, whether the program caught it). */
export type ExceptionReporter = (message: string, line: number | undefined, handled: boolean) => void;

/**
 * How a run reports the program's exceptions: `perSecond` of them (burst included) reach `send`,
 * since a program throwing in a loop is one problem, not thousands of events; the rest are counted
 * into the next report. The caller has spent the run's message budget for each one already.
 */
export function createExceptionReporter(perSecond: number, send: (report: RelayReport) => void): ExceptionReporter {
  const budget = createRateBudget(perSecond);
  let suppressed = 0;
  return (message, line, handled) => {
    if (!budget.take()) {
      suppressed += 1;
      return;
    }
    const more = suppressed > 0 ? ` (and ${suppressed} more since the last report)` : '';
    suppressed = 0;
    send({
      suip: 'exception',
      message: `${message}${more}`.slice(0, REPORT_MESSAGE_CHARS),
      ...(line !== undefined ? { line } : {}),
      ...(handled ? { handled: true as const } : {}),
    });
  };
}
