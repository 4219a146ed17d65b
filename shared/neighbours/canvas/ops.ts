import { Type, type Static } from '@sinclair/typebox';
import { compile } from '../../check.ts';
import { isReservedKey } from '../../reserved.ts';
import { COMPONENT_ID_PATTERN, WIDGET_ID_PATTERN } from './limits.ts';

/** The seed's component id: a meaningful, bounded string ("weather-paris"). */
export const ComponentId = Type.String({
  pattern: COMPONENT_ID_PATTERN,
  description: 'Component id: 1–128 of A-Z a-z 0-9 _ . : - (starts with a letter or digit).',
});
/** The seed's widget type id. */
export const WidgetId = Type.String({
  pattern: WIDGET_ID_PATTERN,
  description: 'Widget type id: 2–49 characters [a-z][a-z0-9-]+ (seed limit).',
});
/** A component type: a built-in name or a defined widget id. */
export const ComponentType = Type.String({
  pattern: '^[a-z][a-z0-9-]{0,48}$',
  description: 'A built-in type (card, stats, …) or a defined widget id.',
});

/** Positioning hints. */
export const Placement = Type.Object(
  {
    zone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'A free zone name; zones show in first-seen order; default "main".',
      }),
    ),
    order: Type.Optional(
      Type.Number({
        description: 'Position inside the zone, lower first; unordered components follow in arrival order.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type Placement = Static<typeof Placement>;

const DataObject = Type.Record(Type.String(), Type.Unknown(), { description: 'Component data (a JSON object).' });

export const UpsertOp = Type.Object(
  {
    op: Type.Literal('upsert'),
    id: ComponentId,
    type: ComponentType,
    data: DataObject,
    layout: Type.Optional(Placement),
  },
  { additionalProperties: false },
);
export const PatchOp = Type.Object(
  { op: Type.Literal('patch'), id: ComponentId, data: DataObject },
  { additionalProperties: false },
);
export const RemoveOp = Type.Object({ op: Type.Literal('remove'), id: ComponentId }, { additionalProperties: false });
export const ClearOp = Type.Object({ op: Type.Literal('clear') }, { additionalProperties: false });

/** A custom widget declaration (seed: `define.component`). */
export const WidgetComponent = Type.Object(
  {
    html: Type.String({ description: 'Mustache-like template.' }),
    css: Type.Optional(
      Type.String({ description: 'Dropped: the host owns presentation (counted in the 50 KB limit).' }),
    ),
    props: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 64 })),
    defaults: Type.Optional(DataObject),
    actions: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 64 }),
            emits: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 64 },
      ),
    ),
    js: Type.Optional(
      Type.String({ description: 'Action handler body: function(action, payload, data, render, root).' }),
    ),
  },
  { additionalProperties: false },
);
export type WidgetComponent = Static<typeof WidgetComponent>;

export const DefineOp = Type.Object(
  { op: Type.Literal('define'), id: WidgetId, component: WidgetComponent },
  { additionalProperties: false },
);
export const UndefineOp = Type.Object({ op: Type.Literal('undefine'), id: WidgetId }, { additionalProperties: false });
export const LayoutMode = Type.Union([
  Type.Literal('auto'),
  Type.Literal('dashboard'),
  Type.Literal('focus'),
  Type.Literal('columns'),
  Type.Literal('rows'),
]);
export type LayoutMode = Static<typeof LayoutMode>;
export const LayoutOp = Type.Object({ op: Type.Literal('layout'), mode: LayoutMode }, { additionalProperties: false });
export const MoveOp = Type.Object(
  { op: Type.Literal('move'), id: ComponentId, layout: Placement },
  { additionalProperties: false },
);

/** One canvas op (seed 001): the eight of them. */
export const CanvasOp = Type.Union([UpsertOp, PatchOp, RemoveOp, ClearOp, DefineOp, UndefineOp, LayoutOp, MoveOp], {
  $id: 'CanvasOp',
});
export type CanvasOp = Static<typeof CanvasOp>;
export type UpsertOp = Static<typeof UpsertOp>;
export type DefineOp = Static<typeof DefineOp>;

/** The up direction (the seed leaves it open): a widget or built-in interaction the agent should hear. */
export interface WidgetAction {
  type: 'widget-action';
  id: string;
  action: string;
  payload: Record<string, unknown>;
}

/** Why a widget failed, as the agent hears it. */
export type WidgetErrorReason =
  /** A `define` the page refused (a template that does not parse, a limit): its type is broken. */
  | 'define-refused'
  /** An instance of a type whose `define` was refused. */
  | 'broken-type'
  /** The widget reported an error (its js threw, its template could not render). */
  | 'error'
  /** The renderer stopped the instance (its heartbeat or watchdog: a loop that never yields). */
  | 'stopped'
  /** The instance's sandbox did not start. */
  | 'not-started';

/**
 * The up direction, for failures: a widget the page could not run, sent as a live-channel action
 * `widget-error` so it reaches the agent's actions feed (`GET /api/sessions/<id>/actions`) beside
 * `widget-action`; `id` is the widget type for `define-refused`, else the component id.
 */
export interface WidgetError {
  type: 'widget-error';
  id: string;
  reason: WidgetErrorReason;
  message: string;
}

const OP_NAMES = new Set(['upsert', 'patch', 'remove', 'clear', 'define', 'undefine', 'layout', 'move']);
const checkers = new Map<string, { firstError(value: unknown): string | undefined }>([
  ['upsert', compile(UpsertOp)],
  ['patch', compile(PatchOp)],
  ['remove', compile(RemoveOp)],
  ['clear', compile(ClearOp)],
  ['define', compile(DefineOp)],
  ['undefine', compile(UndefineOp)],
  ['layout', compile(LayoutOp)],
  ['move', compile(MoveOp)],
]);

/** A checked op, or a precise error a model can act on. */
export type OpCheck = { ok: true; op: CanvasOp } | { ok: false; error: string };

/**
 * Check one parsed value against its op's schema (picked by `op`, so the error names the right
 * fields rather than "matches none of 8 schemas"). Reserved keys are refused anywhere in `data`.
 */
export function checkOp(value: unknown): OpCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'an op is a JSON object {op, …}' };
  const name = (value as { op?: unknown }).op;
  if (typeof name !== 'string' || !OP_NAMES.has(name))
    return {
      ok: false,
      error: `unknown op ${JSON.stringify(String(name).slice(0, 40))}; expected one of ${[...OP_NAMES].join(', ')}`,
    };
  const problem = checkers.get(name)!.firstError(value);
  if (problem !== undefined) return { ok: false, error: `${name}: ${problem}` };
  const reserved = findReservedKey(value);
  if (reserved !== undefined)
    return { ok: false, error: `${name}: the key ${JSON.stringify(reserved)} is not allowed anywhere in an op` };
  return { ok: true, op: value as CanvasOp };
}

/** SECURITY: an iterative walk for prototype keys (data is later merged with spread and copied). */
function findReservedKey(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (isReservedKey(key)) return key;
      stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return undefined;
}
