import type { LiveClient } from '../../live/live-client.ts';
import type { WidgetError } from '../../../shared/neighbours/canvas/ops.ts';
import type { CanvasProblem } from '../host/problem.ts';

/** Widget failures one connection reports to the agent at most. */
export const MAX_WIDGET_ERRORS = 100;

/**
 * The widget failures one connection reports to the agent: each once (a snapshot replay repeats
 * them), at most `MAX_WIDGET_ERRORS` (a widget that fails on every patch cannot flood the agent's
 * feed), held until the first live client exists.
 */
export class WidgetErrorReports {
  private readonly reported = new Set<string>();
  private readonly unsent: WidgetError[] = [];
  private live: Pick<LiveClient, 'sendAction'> | undefined;

  /** Sends (or holds) a problem that concerns a widget; any other problem is not the agent's. */
  report(issue: CanvasProblem): void {
    if (issue.widget === undefined || issue.id === undefined) return;
    const key = `${issue.widget}|${issue.id}|${issue.message}`;
    if (this.reported.has(key) || this.reported.size >= MAX_WIDGET_ERRORS) return;
    this.reported.add(key);
    const error: WidgetError = {
      type: 'widget-error',
      id: issue.id,
      reason: issue.widget,
      message: issue.message.slice(0, 500),
    };
    if (this.live === undefined) this.unsent.push(error);
    else this.live.sendAction('widget-error', error);
  }

  /** From now on reports go to `live`; those held so far go first. */
  sendWith(live: Pick<LiveClient, 'sendAction'>): void {
    this.live = live;
    for (const error of this.unsent.splice(0)) live.sendAction('widget-error', error);
  }
}
