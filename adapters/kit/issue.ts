import type { CanvasIssue, CanvasProblem } from '../canvas/host.ts';
import type { GenuiIssue, GenuiProblem } from '../genui-v1/client.ts';
import type { LineProblem } from '../../shared/neighbours/runtime-ui/ndjson.ts';

/** The adapters that report issues. */
export type AdapterName = 'a2ui' | 'ag-ui' | 'canvas' | 'genui-v1' | 'runtime-ui' | 'kit';

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

/**
 * A canvas problem (seed 001) as the canvas host reports it: an op that was refused, or a widget that failed; its own
 * fields kept.
 */
export function fromCanvasIssue(problem: CanvasProblem): CanvasIssue {
  const code =
    problem.widget !== undefined
      ? `widget_${problem.widget.replaceAll('-', '_')}`
      : problem.op !== undefined
        ? 'op_refused'
        : problem.id !== undefined
          ? 'widget_failed'
          : 'canvas_refused';
  return {
    adapter: 'canvas',
    code,
    ...problem,
    ...(problem.id === undefined ? {} : { subject: problem.id }),
    ...(problem.op === undefined ? {} : { path: `/${problem.op}` }),
  };
}

/**
 * A GenUI v1.0 client problem as the client reports it (a translation issue keeps its widget id, also as the subject).
 */
export function fromGenuiIssue(problem: GenuiProblem): GenuiIssue {
  const out: GenuiIssue = { adapter: 'genui-v1', code: problem.code, message: problem.message };
  if ('surfaceId' in problem) {
    out.surfaceId = problem.surfaceId;
    out.widgetId = problem.widgetId;
    if (problem.widgetId !== '') out.subject = problem.widgetId;
  }
  return out;
}

/** A runtime ⇄ UI (seed 002) line problem as an AdapterIssue; the preview stays out (it is the peer's bytes). */
export function fromLineProblem(problem: LineProblem | { kind: 'bad-message'; message: string }): AdapterIssue {
  return { adapter: 'runtime-ui', code: problem.kind, message: problem.message };
}
