import type { VocabularyEntry } from '../../shared/index.ts';
import { createJsonUnitParser, type JsonStreamEvent, type JsonUnitParser } from '../streaming/index.ts';
import { ALIASES } from './catalog.ts';

/** A surface as far as it has streamed: what a preview chunk carries. */
export interface SurfacePreview {
  surfaceId: string;
  definition: { root: string; widgets: Array<{ id: string; widget: Record<string, unknown> }> };
}

/**
 * Role names that hold prose a person reads as it grows. Other text roles (numbers such as
 * `value`/`max`, flags such as `checked`, names such as `mount`, `icon`, `language`) mean
 * something only once complete, so they wait, like ids and URLs.
 */
const PROSE = new Set([
  'text',
  'title',
  'subtitle',
  'label',
  'detail',
  'description',
  'caption',
  'body',
  'message',
  'hint',
  'error',
  'placeholder',
  'code',
  'key',
  'author',
  'alt',
  'submit',
]);

/**
 * The text roles of the catalog, per widget name: the prose props that may be shown while they
 * are still being written. A text role with a fixed set of values (a tone) waits, as do ids, URLs
 * (data roles), child references and non-prose text: those are shown only once closed.
 */
export function genuiTextRoles(vocabulary: readonly VocabularyEntry[]): ReadonlyMap<string, ReadonlySet<string>> {
  const out = new Map<string, Set<string>>([
    ['text', new Set(['text'])],
    ['Text', new Set(['text'])],
  ]);
  for (const entry of vocabulary) {
    if (ALIASES.has(entry.type) || entry.type === 'text') continue;
    const roles = entry.roles
      .filter((r) => r.kind === 'text' && r.values === undefined && r.json === undefined && PROSE.has(r.id))
      .map((r) => r.id);
    if (roles.length > 0) out.set(entry.type, new Set(roles));
  }
  return out;
}

/** Where a command's body sits: a JSONL line `{"addOrUpdateSurface": {...}}`, or a tool call's arguments `{...}`. */
export type CommandForm = 'line' | 'tool';

/** Reads one UI command while it streams and says what of its surface can be shown so far. */
export interface SurfaceStream {
  /** The next piece of the command's text; the preview when it changed (and is showable), else undefined. */
  push(chunk: string): SurfacePreview | undefined;
  /** The surface the current command is about, once its id closed. */
  readonly surfaceId: string | undefined;
  /** True once the current command is known not to be JSON (nothing more of it is previewed). */
  readonly broken: boolean;
}

/**
 * Progressive GenUI surfaces (issue 17, design §8): the shared incremental parser
 * (`createJsonUnitParser`) over the command text: JSONL lines (each line one command) or one tool
 * call's arguments. Each widget of
 * `definition.widgets` is previewed the moment it closes; a widget still being written is shown
 * only once its `id` and its name (the widget object's one key) have closed, and then only its
 * text roles grow (`genuiTextRoles`); nothing structural is guessed. A preview needs the
 * `surfaceId` and the `root` (widgets that close before them wait, in order). The preview is never
 * the commit: the caller applies the complete command exactly as the non-streamed path does, and
 * drops the preview when the command turns out invalid.
 */
export function createSurfaceStream(
  vocabulary: readonly VocabularyEntry[],
  form: CommandForm,
  textRoles = genuiTextRoles(vocabulary),
): SurfaceStream {
  const base = form === 'line' ? '$.addOrUpdateSurface' : '$';
  const depth = form === 'line' ? 3 : 2;
  const parser: JsonUnitParser = createJsonUnitParser({
    units: [`${base}.definition.widgets.*`],
    context: [`${base}.surfaceId`, `${base}.definition.root`],
    // JSONL: each line is its own command (a new document resets the preview); a tool call's arguments are one
    // document.
    mode: form === 'line' ? 'jsonl' : 'document',
    cuttable: (inUnit, unit) => {
      if (inUnit.length !== 3 || inUnit[0] !== 'widget' || Array.isArray(unit)) return false;
      const id = (unit as { id?: unknown }).id;
      return typeof id === 'string' && (textRoles.get(String(inUnit[1]))?.has(String(inUnit[2])) ?? false);
    },
  });
  let surfaceId: string | undefined;
  let root: string | undefined;
  let broken = false;
  const closed: Array<{ id: string; widget: Record<string, unknown> }> = [];
  let open: { index: number; entry: { id: string; widget: Record<string, unknown> } } | undefined;

  const entryOf = (value: unknown): { id: string; widget: Record<string, unknown> } | undefined => {
    const v = value as { id?: unknown; widget?: unknown } | null;
    if (
      typeof v !== 'object' ||
      v === null ||
      typeof v.id !== 'string' ||
      typeof v.widget !== 'object' ||
      v.widget === null ||
      Array.isArray(v.widget)
    )
      return undefined;
    return { id: v.id, widget: v.widget as Record<string, unknown> };
  };
  let document = -1;
  const handle = (e: JsonStreamEvent): boolean => {
    if (e.document !== document) {
      document = e.document;
      surfaceId = undefined;
      root = undefined;
      broken = false;
      closed.length = 0;
      open = undefined;
    }
    switch (e.kind) {
      case 'value':
        if (typeof e.value !== 'string') return false;
        if (e.path[e.path.length - 1] === 'surfaceId') surfaceId = e.value;
        else root = e.value;
        return true;
      case 'unit': {
        open = undefined;
        const entry = entryOf(e.value);
        // A malformed entry is left out of the preview: the complete command is judged at its end.
        if (entry === undefined) return false;
        closed.push(entry);
        return true;
      }
      case 'text': {
        const entry = entryOf(e.unit);
        if (entry === undefined) return false;
        open = { index: Number(e.unitPath[depth]), entry };
        return true;
      }
      case 'error':
        broken = true;
        open = undefined;
        return false;
      default:
        return false;
    }
  };
  return {
    push(chunk) {
      let changed = false;
      for (const event of parser.push(chunk)) changed = handle(event) || changed;
      if (!changed || broken || surfaceId === undefined || root === undefined) return undefined;
      const widgets = open === undefined ? closed.slice() : [...closed, open.entry];
      return { surfaceId, definition: { root, widgets } };
    },
    get surfaceId() {
      return surfaceId;
    },
    get broken() {
      return broken;
    },
  };
}
