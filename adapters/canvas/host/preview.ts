import { checkOp } from '../../../shared/neighbours/canvas/ops.ts';
import { applyOp, CanvasOpError, type CanvasState } from '../state.ts';

/**
 * The canvas with an `upsert` still being written applied to a copy, or undefined when it cannot
 * be shown: not an upsert, a custom widget's type (it would start a sandbox for an op cut short),
 * or an op the canvas refuses. `state` is left as it was.
 */
export function previewCanvas(state: CanvasState, value: unknown): CanvasState | undefined {
  const checked = checkOp(value);
  if (!checked.ok || checked.op.op !== 'upsert' || state.defines.has(checked.op.type)) return undefined;
  const copy: CanvasState = {
    ...state,
    components: new Map([...state.components].map(([id, c]) => [id, { ...c }])),
    zones: [...state.zones],
  };
  try {
    applyOp(copy, checked.op);
  } catch (error) {
    if (error instanceof CanvasOpError) return undefined;
    throw error;
  }
  return copy;
}
