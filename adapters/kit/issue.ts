import type { CanvasIssue } from '../canvas/host.ts';
import type { GenuiIssue } from '../genui-v1/client.ts';
import type { LineProblem } from '../../shared/neighbours/runtime-ui/ndjson.ts';

/** The adapters that report issues. */
export type AdapterName = 'a2ui' | 'canvas' | 'genui-v1' | 'runtime-ui' | 'kit';

/**
 * One problem an adapter found in what a foreign peer sent (an agent's message, a widget, a line):
 * the one shape every adapter reports or converts to at its edge, so a host reads `code` and
 * `path` instead of parsing prose. The message names the part and the fix, for a model to act on.
 */
export interface AdapterIssue {
  /** Which adapter found it. */
  adapter: AdapterName;
  /** A stable code from the adapter's protocol (`VALIDATION_FAILED`, `bad_widget`, `op_refused`, `not-json`, …). */
  code: string;
  message: string;
  /** JSON Pointer into the foreign message (`/components/3/options/1/value`), when there is one. */
  path?: string;
  /** The surface (A2UI, GenUI) the problem belongs to. */
  surfaceId?: string;
  /** The component, widget or op id the problem is about. */
  subject?: string;
}

/** A canvas issue (seed 001) as an AdapterIssue: an op that was refused, or a widget that failed. */
export function fromCanvasIssue(issue: CanvasIssue): AdapterIssue {
  return { adapter: 'canvas', code: issue.op !== undefined ? 'op_refused' : issue.id !== undefined ? 'widget_failed' : 'canvas_refused', message: issue.message, ...(issue.id === undefined ? {} : { subject: issue.id }), ...(issue.op === undefined ? {} : { path: `/${issue.op}` }) };
}

/** A GenUI v1.0 client issue as an AdapterIssue (a translation issue keeps its widget id as the subject). */
export function fromGenuiIssue(issue: GenuiIssue): AdapterIssue {
  const out: AdapterIssue = { adapter: 'genui-v1', code: issue.code, message: issue.message };
  if ('surfaceId' in issue) {
    out.surfaceId = issue.surfaceId;
    if (issue.widgetId !== '') out.subject = issue.widgetId;
  }
  return out;
}

/** A runtime ⇄ UI (seed 002) line problem as an AdapterIssue; the preview stays out (it is the peer's bytes). */
export function fromLineProblem(problem: LineProblem | { kind: 'bad-message'; message: string }): AdapterIssue {
  return { adapter: 'runtime-ui', code: problem.kind, message: problem.message };
}
