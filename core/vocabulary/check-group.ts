import { shapeProblem, type JsonShape } from './json-shape.ts';
import {
  ErrorCode,
  formatPath,
  quoteList,
  type GroupParticle,
  type Particle,
  type ParticleIssue,
  type VocabularyEntry,
  type VocabularyRole,
} from '../../shared/index.ts';
import { BUILTIN_VOCABULARY } from './registry.ts';
import { childById } from '../tree/child-index.ts';

/**
 * The vocabulary hook of `applyTransaction`: checks one group a transaction created or changed;
 * with `changed`, only those children (the transaction's `CheckGroup` contract).
 */
export type GroupChecker = (
  group: GroupParticle,
  path: readonly string[],
  changed?: ReadonlySet<string>,
) => ParticleIssue | undefined;

function kindOf(p: Particle): 'text' | 'data' | 'group' {
  return 'group' in p ? 'group' : 'text' in p ? 'text' : 'data';
}

/** `image/*` matches `image/png`; otherwise exact match, case-insensitive, parameters ignored. */
export function mimeMatches(pattern: string, mimeType: string): boolean {
  const actual = mimeType.split(';')[0]!.trim().toLowerCase();
  const wanted = pattern.toLowerCase();
  return wanted.endsWith('/*') ? actual.startsWith(wanted.slice(0, -1)) : actual === wanted;
}

/** The child a role wants, written as the builder call a program makes (the API the prompt teaches). */
function shape(role: VocabularyRole): string {
  switch (role.kind) {
    case 'text':
      return role.mimeTypes && role.mimeTypes[0] !== 'text/plain'
        ? `["${role.id}", text("…", "${role.mimeTypes[0]}")]`
        : `["${role.id}", "…"]`;
    case 'data':
      return `["${role.id}", data("https://…", "${(role.mimeTypes?.[0] ?? 'text/html').replace('/*', '/png')}")]`;
    case 'group':
      return `["${role.id}", group(${role.types ? `"${role.types[0]}"` : 'null'}, […])]`;
    default:
      return `["${role.id}", "…"]`;
  }
}

/** Why a JSON text does not fit `shape`, or undefined. Parsing is bounded by maxTextLength upstream. */
function jsonProblem(text: string, shape: JsonShape): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not valid JSON';
  }
  const problem = shapeProblem(value, shape);
  return problem === undefined ? undefined : `at ${problem}`;
}

/** Whole numbers `first` … `first + n - 1` in order (a grid's "1" … "12"), or undefined. */
function numberRun(values: readonly string[]): [number, number] | undefined {
  const first = Number(values[0]);
  const run = values.length > 2 && values.every((value, i) => /^\d+$/.test(value) && Number(value) === first + i);
  return run ? [first, first + values.length - 1] : undefined;
}

/** The values a role takes, in words a model reads at once: `"1" to "12"` for a run of numbers, else the list. */
function allowedValues(values: readonly string[]): string {
  const run = numberRun(values);
  return run === undefined ? quoteList(values) : `"${run[0]}" to "${run[1]}"`;
}

/** The value to suggest: a number outside a numeric run clamps into it ("20" → "12"); otherwise the first value. */
function nearestValue(values: readonly string[], sent: string): string {
  const run = numberRun(values);
  const number = Number(sent);
  if (run === undefined || sent === '' || !Number.isFinite(number)) return values[0]!;
  return String(Math.min(run[1], Math.max(run[0], Math.round(number))));
}

function roleIssue(entry: VocabularyEntry, role: VocabularyRole, id: string, child: Particle): string | undefined {
  const kind = kindOf(child);
  const named = role.id === '*' ? `child "${id.slice(0, 40)}"` : `role "${role.id}"`;
  if (role.kind !== 'any' && kind !== role.kind) {
    return (
      `${named} of a "${entry.type}" must be a ${role.kind} particle but is a ${kind}; ` +
      `send ${shape({ ...role, id: role.id === '*' ? id.slice(0, 40) : role.id })}`
    );
  }
  if (kind === 'group' && role.types && !role.types.includes((child as GroupParticle).type ?? '')) {
    const type = (child as GroupParticle).type;
    return (
      `${named} of a "${entry.type}" must be a group of type ${quoteList(role.types)} but ` +
      `is ${type === undefined ? 'an untyped group' : `a "${type}"`}; wrap it: group("${role.types[0]}", ` +
      `[…])`
    );
  }
  if (role.values && kind === 'text') {
    const value = (child as { text: string }).text.trim().toLowerCase();
    if (!role.values.includes(value))
      return (
        `${named} of a "${entry.type}" is ${JSON.stringify((child as { text: string }).text.slice(0, 40))}, but ` +
        `it takes only ${allowedValues(role.values)}; send ["${role.id}", "${nearestValue(role.values, value)}"]`
      );
  }
  if (role.mimeTypes && kind !== 'group') {
    const mime = (child as { mimeType?: string }).mimeType ?? (kind === 'text' ? 'text/markdown' : '');
    if (!role.mimeTypes.some((m) => mimeMatches(m, mime))) {
      return (
        `${named} of a "${entry.type}" must have mimeType ${quoteList(role.mimeTypes)} ` +
        `but has ${JSON.stringify(mime.slice(0, 64))}; send ${shape(role)}`
      );
    }
  }
  if (role.json !== undefined && kind === 'text') {
    const problem = jsonProblem((child as { text: string }).text, role.json as JsonShape);
    if (problem !== undefined)
      return (
        `${named} of a "${entry.type}" must be JSON of the shape its description gives ` +
        `(${role.description.replace(/\.$/, '')}), but ${problem}; send ["${role.id}", text(JSON.stringify({ … }), ` +
        `"application/json")]`
      );
  }
  return undefined;
}

/**
 * Builds the `checkGroup` hook from vocabulary entries: required roles present, each child in a
 * role of the right kind, group type and mime type, and only the events the type accepts. Groups
 * without a type, or of a type the vocabulary does not know, pass (they render as a plain group or
 * the visible fallback). Messages name the type, the role and the fix, for a model to act on.
 */
export function createGroupChecker(entries: readonly VocabularyEntry[] = BUILTIN_VOCABULARY): GroupChecker {
  return groupCheckerFor(entries);
}

/**
 * `createGroupChecker` without the default: the renderer's entry passes its vocabulary (the
 * built-in structure, `structure.generated.ts`), so the full definitions stay out of it.
 */
export function groupCheckerFor(entries: readonly VocabularyEntry[]): GroupChecker {
  // A `Map`: type names arrive from the sandbox and are hostile keys (later entries replace earlier ones).
  const index = new Map(entries.map((entry) => [entry.type, entry]));
  const roles = new Map(entries.map((entry) => [entry.type, new Map(entry.roles.map((r) => [r.id, r]))]));
  return (group, path, changed) => {
    const type = group.type;
    if (type === undefined) return undefined;
    const entry = index.get(type);
    if (entry === undefined) return undefined;
    const issue =
      changed === undefined ? checkAgainst(entry, group) : checkChildren(entry, roles.get(type)!, group, changed);
    return issue === undefined
      ? undefined
      : { code: ErrorCode.VocabularyViolation, message: `the "${type}" group at ${formatPath(path)}: ${issue}` };
  };
}

/** The role child `id` takes in a group of this type, or why it takes none. */
function roleOf(
  entry: VocabularyEntry,
  roles: ReadonlyMap<string, VocabularyRole>,
  id: string,
): VocabularyRole | string {
  const role = id !== '*' ? (roles.get(id) ?? roles.get('*')) : roles.get('*');
  if (role !== undefined) return role;
  const named = entry.roles.map((r) => r.id);
  return named.length === 0
    ? `a "${entry.type}" takes no children but has "${id.slice(0, 40)}"; send group("${entry.type}", [])`
    : `a "${entry.type}" has no role "${id.slice(0, 40)}"; its roles ` +
        `are ${quoteList(named)}; rename the child to one of them`;
}

/**
 * The check of a group whose only changes are the children `changed` (added, or changed in place;
 * none removed, its own fields as they were): required roles and events cannot have changed, so
 * only those children's roles are checked, in O(changed) whatever the group's width.
 */
function checkChildren(
  entry: VocabularyEntry,
  roles: ReadonlyMap<string, VocabularyRole>,
  group: GroupParticle,
  changed: ReadonlySet<string>,
): string | undefined {
  for (const id of changed) {
    const child = childById(group.group, id);
    if (child === undefined) continue; // moved on later in the batch: its new parent checks it
    const role = roleOf(entry, roles, id);
    if (typeof role === 'string') return role;
    const issue = roleIssue(entry, role, id, child);
    if (issue) return issue;
  }
  return undefined;
}

function checkAgainst(entry: VocabularyEntry, group: GroupParticle): string | undefined {
  const roles = new Map(entry.roles.map((r) => [r.id, r]));
  const seen = new Set<string>();
  for (const [id, child] of group.group) {
    const role = roleOf(entry, roles, id);
    if (typeof role === 'string') return role;
    seen.add(role.id === '*' ? '*' : id);
    const issue = roleIssue(entry, role, id, child);
    if (issue) return issue;
  }
  for (const role of entry.roles) {
    if (role.required && !seen.has(role.id)) {
      return `a "${entry.type}" needs the role "${role.id}" (${role.description}); add ${shape(role)}`;
    }
  }
  for (const [event, spec] of Object.entries(group.on ?? {})) {
    if (!entry.events.includes(event)) {
      return entry.events.length === 0
        ? `a "${entry.type}" accepts no events but has on.${event}; put the handler on a child button or field`
        : `a "${entry.type}" accepts the events ${quoteList(entry.events)}, not "${event}"; remove on.${event}`;
    }
    // A type with a `checked` role (checkbox, toggle) has no text value: "value" would bring the
    // browser's "on" whatever the state, so the program would misread the user in silence.
    if (spec?.data === 'value' && roles.has('checked')) {
      return (
        `on.${event} of a "${entry.type}" asks for data "value", but a ` +
        `"${entry.type}" has no text value (it would always be "on"); ask for its ` +
        `state: { on: { ${event}: { handler: (e) => … e.checked …, data: "checked" } } ` +
        `}`
      );
    }
  }
  for (const event of entry.requiredEvents ?? []) {
    if ((group.on as Record<string, unknown> | undefined)?.[event] === undefined) {
      return (
        `a "${entry.type}" needs an on.${event} ` +
        `handler: ${event === 'click' && entry.type === 'modal' ? 'Escape and its Close button fire it, the host hides the modal, and your program must remove it from its tree (or it comes back on the next render)' : 'the user can trigger it at any time'}; ` +
        `add { on: { ${event}: () => { …; render(view()); } } }`
      );
    }
  }
  return undefined;
}
