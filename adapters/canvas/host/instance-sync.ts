import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import type { CanvasState } from '../state.ts';
import type { ReportProblem } from './problem.ts';
import type { WidgetInstances } from './widget-instances.ts';

type OpOf<K extends CanvasOp['op']> = Extract<CanvasOp, { op: K }>;
type Handler<K extends CanvasOp['op']> = (
  op: OpOf<K>,
  state: CanvasState,
  instances: WidgetInstances,
  report: ReportProblem,
) => void;

/** What each applied op does to the widget instances (an op not named here leaves them as they are). */
const FOLLOW: { [K in CanvasOp['op']]?: Handler<K> } = {
  upsert: (op, state, instances, report) => changed(op, state, instances, report),
  patch: (op, state, instances, report) => changed(op, state, instances, report),
  remove: (op, _state, instances) => instances.stop(op.id),
  clear: (_op, _state, instances) => instances.stopAll(),
  // An undefined type's instances stay on screen, frozen.
  undefine: (op, _state, instances) => {
    for (const [id, instance] of instances.entries()) if (instance.type === op.id) instances.stop(id, true);
  },
  // A new definition restarts the instances of that type (and starts those that waited for it).
  define: (op, state, instances) => {
    const component = state.defines.get(op.id);
    for (const c of state.components.values()) {
      if (c.type !== op.id) continue;
      instances.stop(c.id);
      if (component !== undefined) instances.start(c, component);
    }
  },
};

/** Starts, feeds or stops the widget instances an op just applied to `state` concerns. */
export function syncInstances(
  op: CanvasOp,
  state: CanvasState,
  instances: WidgetInstances,
  report: ReportProblem,
): void {
  (FOLLOW[op.op] as Handler<CanvasOp['op']> | undefined)?.(op as never, state, instances, report);
}

/**
 * An `upsert` or `patch` of a component: an instance of another type (or a frozen one upserted
 * again) is stopped; a custom type without an instance starts one; a running one hears the data.
 */
function changed(
  op: OpOf<'upsert' | 'patch'>,
  state: CanvasState,
  instances: WidgetInstances,
  report: ReportProblem,
): void {
  const c = state.components.get(op.id)!;
  const why = state.broken.get(c.type)?.reason;
  if (op.op === 'upsert' && why !== undefined)
    report({
      op: 'upsert',
      id: c.id,
      message: `widget ${c.id} cannot run: its type "${c.type}" was defined, but the define was refused (${why})`.slice(
        0,
        500,
      ),
      widget: 'broken-type',
    });
  const instance = instances.get(op.id);
  const component = state.defines.get(c.type);
  if (
    instance !== undefined &&
    (instance.type !== c.type || (instance.frozen && component !== undefined && op.op === 'upsert'))
  )
    instances.stop(op.id);
  const now = instances.get(op.id);
  if (now === undefined && component !== undefined) instances.start(c, component);
  else if (now !== undefined) instances.send(op.id, op.op === 'patch' ? 'patch' : 'replace', op.data);
}
