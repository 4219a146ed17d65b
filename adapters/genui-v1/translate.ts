import { isReservedKey, type GroupParticle, type VocabularyEntry } from '../../shared/index.ts';
import { createGroupChecker } from '../../core/vocabulary/check-group.ts';
import type { HandlerSpec, ModelParticle } from '../../generator/kit.ts';
import type { EventBinding } from './events.ts';
import { planWidget, UnknownWidgetError, type Plan } from './widget-map.ts';

/** Why part of a surface could not be shown; the message names the widget and the fix. */
export interface TranslateIssue {
  code:
    | 'bad_definition'
    | 'bad_widget'
    | 'unknown_widget'
    | 'missing_widget'
    | 'cycle'
    | 'duplicate_id'
    | 'too_many_nodes'
    | 'too_deep';
  widgetId: string;
  message: string;
}

/** Options of `translateSurface`. */
export interface TranslateOptions {
  /** The host's vocabulary (what the catalog was projected from). */
  vocabulary: readonly VocabularyEntry[];
  /** A handler for an event binding: a function in the page, a string id on the server. */
  bind(binding: EventBinding): HandlerSpec | undefined;
  /** Particles one surface may expand to; a DAG bomb stops here (default 1,000). */
  maxNodes?: number;
  /** Nesting of widgets (default 40; the renderer's own depth budget sits above it). */
  maxDepth?: number;
  /** Widgets in one definition (default 5,000), refused before anything is iterated. */
  maxWidgets?: number;
  /**
   * Widget names that stand for a vocabulary type of another spelling (a client's `StarRating` →
   * `x-star-rating`, see `augmentedVocabulary`): the name is the widget, the type only the particle's.
   */
  names?: ReadonlyMap<string, string>;
  /**
   * Widgets a client added without a component (`augmentations` with render `fallback`): each shows as a card listing
   * its props.
   */
  fallbacks?: readonly VocabularyEntry[];
  /** A child id that is not (yet) defined: a `placeholder` (progressive surfaces) or an error note. */
  missing?: 'placeholder' | 'error';
  /**
   * A preview of a definition still streaming: every problem (a widget whose required prop has not
   * arrived, a missing child) is a `placeholder` in its place, and no issue is reported; the
   * complete definition is judged when it arrives.
   */
  preview?: boolean;
}

/** The outcome: always a tree (fallbacks are visible and say what went wrong) plus the issues. */
export interface Translation {
  tree: ModelParticle;
  issues: TranslateIssue[];
  /** Widget ids that were never reached from `root` (ignored, reported for devtools). */
  unreachable: number;
}

/** A visible fallback in a widget's place: a warning alert that names the widget and the problem. */
export function fallback(widgetId: string, message: string): ModelParticle {
  return {
    type: 'alert',
    group: [
      ['tone', { text: 'warning', mimeType: 'text/plain' }],
      ['title', { text: `Widget "${widgetId.slice(0, 80)}" could not be shown`, mimeType: 'text/plain' }],
      ['why', { text: message.slice(0, 500), mimeType: 'text/plain' }],
    ],
  };
}

/** What stands in for a widget that has not arrived (or not completely) while a surface streams. */
const loading = (): ModelParticle => ({
  type: 'placeholder',
  group: [['label', { text: 'Loading…', mimeType: 'text/plain' }]],
});

/**
 * A particle id for a child: widget ids that are reserved, empty or too long, or that repeat among siblings, are
 * renamed.
 */
function childId(wanted: string, taken: Set<string>): string {
  let id = wanted === '' || wanted.length > 200 || isReservedKey(wanted) ? 'w' : wanted;
  if (taken.has(id)) {
    let n = 2;
    while (taken.has(`${id}~${n}`)) n += 1;
    id = `${id}~${n}`;
  }
  taken.add(id);
  return id;
}

interface Frame {
  widgetId: string;
  plan: Extract<Plan, { slots: unknown }>;
  built: Array<readonly [string, ModelParticle]>;
  taken: Set<string>;
  next: number;
  depth: number;
  parent: Frame | undefined;
  /** The particle id this widget gets among its parent's children. */
  slotId: string;
}

/**
 * Turns a GenUI surface definition (`root` + the `widgets` adjacency list) into a suip particle
 * tree, iteratively (an explicit stack: no recursion, whatever the input). A widget referenced
 * twice is expanded twice (ids need only be unique among siblings in suip); the expansion is
 * bounded by `maxNodes`, so a DAG bomb stops with an error instead of exploding. Cycles, unknown
 * names, malformed widgets and missing ids become a visible fallback in place plus an issue that
 * names the widget. Never throws.
 */
export function translateSurface(definition: unknown, options: TranslateOptions): Translation {
  const maxNodes = options.maxNodes ?? 1_000;
  const maxDepth = options.maxDepth ?? 40;
  const maxWidgets = options.maxWidgets ?? 5_000;
  const issues: TranslateIssue[] = [];
  const report = (code: TranslateIssue['code'], widgetId: string, message: string): ModelParticle => {
    if (options.preview === true) return loading();
    if (issues.length < 100) issues.push({ code, widgetId, message });
    return fallback(widgetId, message);
  };
  const refusal = definitionRefusal(definition, maxWidgets);
  if (refusal !== undefined)
    return { tree: report(refusal.code, refusal.widgetId, refusal.message), issues, unreachable: 0 };
  const def = definition as { root: string; widgets: unknown[] };
  const widgets = indexWidgets(def.widgets, report);
  const vocabulary = vocabularyByName(options);
  const fallbacks = options.fallbacks === undefined ? undefined : new Map(options.fallbacks.map((v) => [v.type, v]));
  const reached = new Set<string>();
  let nodes = 0;

  /** Expand a widget id to a leaf, or push a frame for it; returns the particle when it is a leaf. */
  const open = (widgetId: string, depth: number, parent: Frame | undefined): ModelParticle | Frame => {
    for (let f = parent; f !== undefined; f = f.parent)
      if (f.widgetId === widgetId)
        return report(
          'cycle',
          widgetId,
          `widget "${widgetId.slice(0, 80)}" contains itself (through "${parent!.widgetId.slice(0, 80)}"); a surface is a tree: reference each child from one parent only`,
        );
    if (!widgets.has(widgetId)) {
      if (options.missing === 'placeholder' || options.preview === true) return loading();
      return report(
        'missing_widget',
        widgetId,
        `no widget has the id "${widgetId.slice(0, 80)}"; add {"id": "${widgetId.slice(0, 80)}", "widget": {...}} or remove the reference`,
      );
    }
    if (depth > maxDepth)
      return report('too_deep', widgetId, `widgets nest deeper than ${maxDepth} levels; flatten the surface`);
    nodes += 1;
    if (nodes > maxNodes)
      return report(
        'too_many_nodes',
        widgetId,
        `the surface expands to more than ${maxNodes} particles (a widget referenced from many places is copied each time); reference each widget once`,
      );
    reached.add(widgetId);
    let plan: Plan;
    try {
      plan = planWidget(widgets.get(widgetId), {
        widgetId,
        vocabulary,
        lookup: (id) => {
          reached.add(id);
          return widgets.get(id);
        },
        bind: options.bind,
        ...(fallbacks ? { fallbacks } : {}),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return report(
        error instanceof UnknownWidgetError ? 'unknown_widget' : 'bad_widget',
        widgetId,
        `widget "${widgetId.slice(0, 80)}": ${message}`,
      );
    }
    if ('leaf' in plan) return plan.leaf;
    nodes += plan.slots.length;
    return {
      widgetId,
      plan,
      built: [],
      taken: new Set(plan.slots.filter((s) => !('child' in s)).map((s) => s.id)),
      next: 0,
      depth,
      parent,
      slotId: '',
    };
  };
  // The renderer's own vocabulary check, per group: a widget missing a required prop becomes a
  // fallback in its place (with the renderer's precise message) instead of refusing the surface.
  const checkGroup = createGroupChecker(options.vocabulary);
  const close = (frame: Frame): ModelParticle => {
    const particle = {
      type: frame.plan.type,
      group: frame.built,
      ...(frame.plan.on ? { on: frame.plan.on } : {}),
    } as ModelParticle;
    const problem = checkGroup(particle as GroupParticle, [frame.widgetId]);
    return problem === undefined
      ? particle
      : report('bad_widget', frame.widgetId, `widget "${frame.widgetId.slice(0, 80)}": ${problem.message}`);
  };

  const result = walk(open(def.root, 0, undefined), open, close, (widgetId) =>
    nodes > maxNodes
      ? report(
          'too_many_nodes',
          widgetId,
          `the surface expands to more than ${maxNodes} particles; reference each widget once`,
        )
      : undefined,
  );
  return {
    tree: result ?? fallback(def.root, 'the surface is empty'),
    issues,
    unreachable: [...widgets.keys()].filter((id) => !reached.has(id)).length,
  };
}

/** The widgets by id; a malformed entry or a second use of an id is reported (the first one is kept). */
function indexWidgets(
  entries: unknown[],
  report: (code: TranslateIssue['code'], widgetId: string, message: string) => ModelParticle,
): Map<string, unknown> {
  const widgets = new Map<string, unknown>();
  for (const entry of entries) {
    const e = entry as { id?: unknown; widget?: unknown } | null;
    if (typeof e !== 'object' || e === null || typeof e.id !== 'string') {
      report('bad_widget', '', 'each widgets[] entry is {"id": "<string>", "widget": {"<Name>": {props}}}');
      continue;
    }
    if (widgets.has(e.id))
      report(
        'duplicate_id',
        e.id,
        `the id "${e.id.slice(0, 80)}" is used by two widgets; the first one is kept, give the other a new id`,
      );
    else widgets.set(e.id, e.widget);
  }
  return widgets;
}

/** The vocabulary by widget name: a client's own name for a type replaces the type's name. */
function vocabularyByName(options: TranslateOptions): Map<string, VocabularyEntry> {
  const vocabulary = new Map(options.vocabulary.map((v) => [v.type, v]));
  for (const [name, type] of options.names ?? []) {
    const entry = vocabulary.get(type);
    if (entry === undefined) continue;
    // The client's name is the widget; the type it was given is not a widget name of its own.
    vocabulary.delete(type);
    vocabulary.set(name, entry);
  }
  return vocabulary;
}

/**
 * Walks the widget tree from its root frame with an explicit stack (no recursion, whatever the
 * input): each frame's slots are filled in order, a child widget pushes its own frame, and a closed
 * frame becomes its particle in its parent. `overBudget` gives the note that stands for the rest
 * of a group once the node budget is spent.
 */
function walk(
  first: ModelParticle | Frame,
  open: (widgetId: string, depth: number, parent: Frame) => ModelParticle | Frame,
  close: (frame: Frame) => ModelParticle,
  overBudget: (widgetId: string) => ModelParticle | undefined,
): ModelParticle | undefined {
  if (!('plan' in first)) return first;
  let result: ModelParticle | undefined;
  const stack: Frame[] = [first];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.plan.slots.length) {
      stack.pop();
      const particle = close(frame);
      const parent = stack[stack.length - 1];
      if (parent === undefined) result = particle;
      else parent.built.push([frame.slotId, particle]);
      continue;
    }
    const slot = frame.plan.slots[frame.next]!;
    frame.next += 1;
    if (!('ref' in slot)) {
      frame.built.push([slot.id, slot.particle]);
      continue;
    }
    const id = slot.child ? childId(slot.ref, frame.taken) : slot.id;
    const note = overBudget(slot.ref);
    if (note !== undefined) {
      // Out of budget: the rest of this group is one note, not thousands of fallbacks.
      frame.built.push([id, note]);
      frame.next = frame.plan.slots.length;
      continue;
    }
    const child = open(slot.ref, frame.depth + 1, frame);
    if ('plan' in child) {
      child.slotId = id;
      stack.push(child);
    } else frame.built.push([id, child]);
  }
  return result;
}

/** Why a definition is refused whole: not `{root, widgets}`, or more widgets than one surface accepts. */
function definitionRefusal(
  definition: unknown,
  maxWidgets: number,
): { code: TranslateIssue['code']; widgetId: string; message: string } | undefined {
  const def = definition as { root?: unknown; widgets?: unknown } | null;
  if (typeof def !== 'object' || def === null || typeof def.root !== 'string' || !Array.isArray(def.widgets))
    return {
      code: 'bad_definition',
      widgetId: '',
      message:
        'a definition is {"root": "<widget id>", "widgets": [{"id": "...", "widget": {"<Name>": {props}}}, ...]}',
    };
  if (def.widgets.length > maxWidgets)
    return {
      code: 'too_many_nodes',
      widgetId: def.root,
      message: `the definition has ${def.widgets.length} widgets; at most ${maxWidgets} are accepted in one surface`,
    };
  return undefined;
}
