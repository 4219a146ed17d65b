import type { AdapterIssue } from '../../kit/issue.ts';
import type { WidgetErrorReason } from '../../../shared/neighbours/canvas/ops.ts';

/** A problem with one op or one widget, for the host and the agent. */
export interface CanvasProblem {
  /** The op's name and id, when it was about one. */
  op?: string;
  id?: string;
  message: string;
  /** Set when a widget failed (the agent hears these as `widget-error`; `id` names it). */
  widget?: WidgetErrorReason;
}

/** A canvas problem as every adapter reports it (`AdapterIssue`), with the canvas's own fields kept. */
export type CanvasIssue = AdapterIssue & CanvasProblem & { adapter: 'canvas' };

/** Where the host's units report a problem (the host turns it into a `CanvasIssue`). */
export type ReportProblem = (problem: CanvasProblem) => void;
