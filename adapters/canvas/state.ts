import { CANVAS_LIMITS } from '../../shared/neighbours/canvas/limits.ts';
import type { CanvasOp, LayoutMode, Placement, WidgetComponent } from '../../shared/neighbours/canvas/ops.ts';
import { parseTemplate, TemplateError } from './widget/template.ts';

/** One live component. */
export interface CanvasComponent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  zone: string;
  /** Explicit position inside the zone (lower first); undefined = after the ordered ones. */
  order?: number;
  /** Arrival rank: ties and unordered components keep arrival order. */
  rank: number;
}

/** The canvas: what the seed calls "an ordered list of active ops", kept folded. */
export interface CanvasState {
  mode: LayoutMode;
  /** Defined widget types, in definition order. */
  defines: Map<string, WidgetComponent>;
  /**
   * Widget types whose `define` was refused for what it holds (a template that does not parse, a
   * size limit), with the reason: their instances are "defined but broken", not unknown. Kept in
   * the compacted state (replaying it refuses them again), so every client can say so. At most
   * `maxDefines`; a refused define of a type that is defined leaves the old definition in place.
   */
  broken: Map<string, { component: WidgetComponent; reason: string }>;
  components: Map<string, CanvasComponent>;
  /** Zones in first-seen order (a zone that empties is forgotten). */
  zones: string[];
  /** The component last upserted, patched or moved (the `focus` layout shows it first). */
  focus?: string;
  /** Next arrival rank. */
  clock: number;
}

/** What applying an op did, for the host (which instances to start, patch or stop). */
export type OpEffect =
  | { kind: 'none' }
  | { kind: 'changed'; ids: string[] }
  | { kind: 'removed'; ids: string[] }
  | { kind: 'undefined'; type: string };

/** An empty canvas. */
export function emptyCanvas(): CanvasState {
  return { mode: 'auto', defines: new Map(), broken: new Map(), components: new Map(), zones: [], clock: 0 };
}

/** The default zone. */
export const MAIN_ZONE = 'main';

/**
 * Thrown for an op that is well-formed but cannot apply (unknown id, a limit, a template that does
 * not parse): the message names why. `code` sets apart an op that is wrong in itself
 * (`TEMPLATE_INVALID`: resending it can never work) from one the current canvas refuses.
 */
export class CanvasOpError extends Error {
  override name = 'CanvasOpError';
  constructor(
    message: string,
    readonly code: 'TEMPLATE_INVALID' | 'REFUSED' = 'REFUSED',
  ) {
    super(message);
  }
}

/**
 * Apply one checked op to the state in place (the seed's semantics, made precise in
 * docs/neighbours/canvas.md): `patch` merges shallowly (arrays replaced, `null` is a value),
 * `upsert` of a known id replaces type and data but keeps its place unless `layout` says otherwise,
 * `undefine` forgets the type while its instances stay (frozen by the host).
 */
export function applyOp(state: CanvasState, op: CanvasOp): OpEffect {
  switch (op.op) {
    case 'upsert': {
      const old = state.components.get(op.id);
      if (old === undefined && state.components.size >= CANVAS_LIMITS.maxComponents)
        throw new CanvasOpError(
          `upsert ${op.id}: the canvas holds ${CANVAS_LIMITS.maxComponents} components already (limit maxComponents); remove some first`,
        );
      const zone = op.layout?.zone ?? old?.zone ?? MAIN_ZONE;
      const order = op.layout !== undefined ? op.layout.order : old?.order;
      const rank = old !== undefined && zone === old.zone && op.layout === undefined ? old.rank : state.clock++;
      state.components.set(op.id, withOrder({ id: op.id, type: op.type, data: { ...op.data }, zone, rank }, order));
      if (old !== undefined) forgetEmptyZone(state, old.zone);
      noteZone(state, zone);
      state.focus = op.id;
      return { kind: 'changed', ids: [op.id] };
    }
    case 'patch': {
      const old = state.components.get(op.id);
      if (old === undefined) throw new CanvasOpError(`patch ${op.id}: no component with this id; upsert it first`);
      old.data = { ...old.data, ...op.data };
      state.focus = op.id;
      return { kind: 'changed', ids: [op.id] };
    }
    case 'remove': {
      const old = state.components.get(op.id);
      if (old === undefined) return { kind: 'none' };
      state.components.delete(op.id);
      forgetEmptyZone(state, old.zone);
      if (state.focus === op.id) state.focus = undefined;
      return { kind: 'removed', ids: [op.id] };
    }
    case 'clear': {
      const ids = [...state.components.keys()];
      state.components.clear();
      state.defines.clear();
      state.broken.clear();
      state.zones = [];
      state.focus = undefined;
      state.mode = 'auto';
      return { kind: 'removed', ids };
    }
    case 'define': {
      if (!state.defines.has(op.id) && state.defines.size >= CANVAS_LIMITS.maxDefines)
        throw new CanvasOpError(
          `define ${op.id}: ${CANVAS_LIMITS.maxDefines} widget types are defined already (seed limit: max active widget types); undefine one first`,
        );
      const refused = defineProblem(op.id, op.component);
      if (refused !== undefined) {
        if (!state.defines.has(op.id) && (state.broken.has(op.id) || state.broken.size < CANVAS_LIMITS.maxDefines))
          state.broken.set(op.id, { component: op.component, reason: refused.message.slice(0, 300) });
        throw refused;
      }
      state.broken.delete(op.id);
      state.defines.set(op.id, op.component);
      return { kind: 'changed', ids: [...state.components.values()].filter((c) => c.type === op.id).map((c) => c.id) };
    }
    case 'undefine':
      state.broken.delete(op.id);
      if (!state.defines.delete(op.id)) return { kind: 'none' };
      return { kind: 'undefined', type: op.id };
    case 'layout':
      state.mode = op.mode;
      return { kind: 'changed', ids: [] };
    case 'move': {
      const old = state.components.get(op.id);
      if (old === undefined) throw new CanvasOpError(`move ${op.id}: no component with this id`);
      const zone = op.layout.zone ?? old.zone;
      state.components.set(
        op.id,
        withOrder(
          { ...old, zone, rank: state.clock++ },
          op.layout.order ?? (zone === old.zone ? old.order : undefined),
        ),
      );
      forgetEmptyZone(state, old.zone);
      noteZone(state, zone);
      state.focus = op.id;
      return { kind: 'changed', ids: [op.id] };
    }
  }
}

/** What is wrong with a definition in itself (sizes, the template), or undefined. */
function defineProblem(id: string, component: WidgetComponent): CanvasOpError | undefined {
  const bytes = utf8Length(component.html) + utf8Length(component.css ?? '');
  if (bytes > CANVAS_LIMITS.maxDefineBytes)
    return new CanvasOpError(
      `define ${id}: html + css is ${bytes} bytes; the seed allows 50 KB (${CANVAS_LIMITS.maxDefineBytes})`,
    );
  if ((component.js ?? '').length > CANVAS_LIMITS.maxJsBytes)
    return new CanvasOpError(
      `define ${id}: js is ${(component.js ?? '').length} characters; the limit is ${CANVAS_LIMITS.maxJsBytes}`,
    );
  // Parsed here, the one place every side folds through: the server refuses the define at POST
  // time, and a page (or a cold server) replaying an old ledger refuses it the same way.
  try {
    parseTemplate(component.html);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    return new CanvasOpError(`define ${id}: the template does not parse: ${error.message}`, 'TEMPLATE_INVALID');
  }
  return undefined;
}

function withOrder(component: CanvasComponent, order: number | undefined): CanvasComponent {
  if (order === undefined) {
    delete component.order;
    return component;
  }
  return { ...component, order };
}

function noteZone(state: CanvasState, zone: string): void {
  if (!state.zones.includes(zone)) state.zones.push(zone);
}

function forgetEmptyZone(state: CanvasState, zone: string): void {
  for (const c of state.components.values()) if (c.zone === zone) return;
  state.zones = state.zones.filter((z) => z !== zone);
}

/** Components of one zone in display order: explicit `order` first (ascending), then arrival. */
export function zoneComponents(state: CanvasState, zone: string): CanvasComponent[] {
  const list = [...state.components.values()].filter((c) => c.zone === zone);
  return list.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || a.rank - b.rank);
}

/** Every component in display order (zone by zone). */
export function orderedComponents(state: CanvasState): CanvasComponent[] {
  return state.zones.flatMap((zone) => zoneComponents(state, zone));
}

/**
 * The compacted op list whose replay on an empty canvas gives the same canvas (the seed's replay
 * order, made precise): `layout` (when not auto), `define`s sorted by id (refused ones too, so their
 * types stay "broken" after a replay), the `upsert`s in display
 * order (patches and moves folded in), then an empty `patch` naming the focused component when it
 * is not the last one (the `focus` layout depends on it).
 */
export function compact(state: CanvasState): CanvasOp[] {
  const ops: CanvasOp[] = [];
  if (state.mode !== 'auto') ops.push({ op: 'layout', mode: state.mode });
  // Broken types are compacted as their refused define: replaying it marks them broken again.
  for (const id of [...state.defines.keys(), ...state.broken.keys()].sort())
    ops.push({ op: 'define', id, component: state.defines.get(id) ?? state.broken.get(id)!.component });
  const ordered = orderedComponents(state);
  for (const c of ordered) {
    const layout: Placement = { zone: c.zone };
    if (c.order !== undefined) layout.order = c.order;
    ops.push({ op: 'upsert', id: c.id, type: c.type, data: c.data, layout });
  }
  if (state.focus !== undefined && ordered.at(-1)?.id !== state.focus)
    ops.push({ op: 'patch', id: state.focus, data: {} });
  return ops;
}

/** Replay ops onto a fresh canvas; ops that cannot apply are skipped (as a live client would report and skip them). */
export function replay(ops: readonly CanvasOp[]): CanvasState {
  const state = emptyCanvas();
  for (const op of ops) {
    try {
      applyOp(state, op);
    } catch (error) {
      if (!(error instanceof CanvasOpError)) throw error;
    }
  }
  return state;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
