import { EVENT_NAMES } from '../../shared/particle.ts';
import type { VocabularyEntry } from '../../shared/handshake.ts';
import type { ModelParticle } from './builders.ts';
import { textNotice, type TextNoticeHook } from './text-notice.ts';

/**
 * Checks of what a program passes to the builders, written for the model that wrote it: each
 * names the mistake and shows the fix in the `text()` / `group()` calls the prompt teaches. They
 * throw before anything is sent, so `render()` rejects and `onError` hears it with the program's
 * own line.
 */

const EVENTS: ReadonlySet<string> = new Set(EVENT_NAMES);

/** Words models reach for, and the type this vocabulary has for them. */
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['select', 'choice'],
  ['dropdown', 'choice'],
  ['radio', 'choice'],
  ['radio-group', 'choice'],
  ['combobox', 'choice'],
  ['input', 'text-field'],
  ['textfield', 'text-field'],
  ['textbox', 'text-field'],
  ['text-input', 'text-field'],
  ['textarea', 'text-area'],
  ['switch', 'toggle'],
  ['heading', 'section'],
  ['header', 'section'],
  ['title', 'section'],
  ['container', 'column'],
  ['div', 'column'],
  ['stack', 'column'],
  ['vstack', 'column'],
  ['hstack', 'row'],
  ['box', 'card'],
  ['panel', 'card'],
  ['ul', 'list'],
  ['ol', 'list'],
  ['img', 'image'],
  ['picture', 'image'],
  ['link-button', 'link'],
  ['anchor', 'link'],
  ['chart', 'chart-bar'],
  ['bar-chart', 'chart-bar'],
  ['line-chart', 'chart-line'],
  ['pie-chart', 'chart-pie'],
  ['grid-layout', 'grid'],
  ['modal-dialog', 'modal'],
  ['dialog', 'modal'],
  ['label', 'badge'],
  ['tag', 'badge'],
  ['chip', 'badge'],
  ['spinner', 'progress'],
  ['loader', 'progress'],
]);

/** Thrown for a mistake in the program's use of the builders. */
export class ProgramError extends TypeError {
  override readonly name = 'ProgramError';
}

const show = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : typeof value;
};

/** The children of `group(type, children)` as entries, with plain strings turned into plain-text particles. */
export function checkChildren(
  type: string | null | undefined,
  children: unknown,
): Array<readonly [string, ModelParticle]> {
  const call = (): string => `group(${type === null || type === undefined ? 'null' : JSON.stringify(type)}, …)`;
  if (children === undefined) return [];
  if (!Array.isArray(children)) {
    const hint =
      typeof children === 'object' && children !== null
        ? ` Write the pairs as an array: ` +
          `group(${JSON.stringify(type ?? null)}, [["title", "Hello"], ` +
          `["body", text("…")]])`
        : '';
    throw new ProgramError(
      `${call()}: children must be an array of [id, particle] pairs, but got ${show(children)}.${hint}`,
    );
  }
  return children.map((entry: unknown, index) => {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') {
      const fix =
        typeof entry === 'string' || (typeof entry === 'object' && entry !== null && !Array.isArray(entry))
          ? ` Give it an id: ` +
            `["item-${index}", ${typeof entry === 'string' ? JSON.stringify(entry.slice(0, 30)) : 'group(…)'}]`
          : '';
      throw new ProgramError(
        `${call()}: child ${index} must be an [id, particle] pair with a string id, but is ${show(entry)}.${fix}`,
      );
    }
    const [id, particle] = entry as [string, unknown];
    // The place is named only when a child is refused: a streaming program builds its list per
    // token, and a message string per child was most of the builder's cost.
    return [id, toParticle(particle, call, id)] as const;
  });
}

/** A child value as a particle: particles pass, strings and numbers become plain text. */
function toParticle(value: unknown, call: () => string, id: string): ModelParticle {
  if (typeof value === 'string') return { text: value, mimeType: 'text/plain' };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), mimeType: 'text/plain' };
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ('text' in value || 'data' in value || 'group' in value)
  )
    return value as ModelParticle;
  throw new ProgramError(
    `${call()} child "${id}" must be a particle (text("…"), data(url, type) or group(…)) or a plain string, but is ${show(value)}.`,
  );
}

/** The options of `group(type, children, options)`: only `on`, with the wire's event names. */
export function checkOptions(type: string | null | undefined, options: unknown): void {
  if (options === undefined) return;
  const call = `group(${JSON.stringify(type ?? null)}, children, options)`;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new ProgramError(
      `${call}: options must be an object like { on: { click: () => … } }, but is ${show(options)}.`,
    );
  for (const key of Object.keys(options)) {
    if (key === 'on') continue;
    const event = /^on([A-Z]\w*)$/.exec(key)?.[1]?.toLowerCase();
    if (event !== undefined)
      throw new ProgramError(
        `${call}: handlers go inside "on": write { on: ` +
          `{ ${EVENTS.has(event) ? event : 'click'}: () => … } } instead of ` +
          `{ ${key}: … }.`,
      );
    throw new ProgramError(
      `${call}: unknown option ${JSON.stringify(key)}; the only option is on: { ${EVENT_NAMES.join(' | ')}: handler }.`,
    );
  }
  const on = (options as { on?: unknown }).on;
  if (on === undefined) return;
  if (typeof on !== 'object' || on === null)
    throw new ProgramError(`${call}: "on" must be an object like { click: () => … }, but is ${show(on)}.`);
  for (const [name, spec] of Object.entries(on)) {
    if (!EVENTS.has(name))
      throw new ProgramError(
        `${call}: there is no event ${JSON.stringify(name)}; the events ` +
          `are ${EVENT_NAMES.join(', ')} (each type accepts some of them).`,
      );
    const handler = typeof spec === 'object' && spec !== null ? (spec as { handler?: unknown }).handler : spec;
    if (typeof handler !== 'function')
      throw new ProgramError(
        `${call}: on.${name} must be a function (or { handler: function, … }), but ` +
          `is ${show(handler)}; write { on: { ${name}: (event) => { … } } }.`,
      );
  }
}

/** Type names a model writes for what is a text in suip, not a group. */
const TEXT_WORDS: ReadonlySet<string> = new Set(['text', 'paragraph', 'p', 'span', 'markdown', 'string']);

/**
 * `ElevatedButton`, `Star_Rating`, `star rating` → `elevated-button`, `star-rating`: the kebab
 * case of suip's types, from the PascalCase of GenUI's and Flutter's catalogs (seed 000).
 */
function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

/**
 * The nearest type name in `types`: a known synonym first, then a catalog's PascalCase name in
 * suip's kebab case or one of its words (`ElevatedButton` → `button`), then the smallest edit distance.
 */
export function nearestType(name: string, types: readonly string[]): string | undefined {
  const known = new Set(types);
  const listed = (word: string): string | undefined =>
    known.has(word) ? word : known.has(SYNONYMS.get(word) ?? '') ? SYNONYMS.get(word) : undefined;
  const synonym = listed(name.toLowerCase());
  if (synonym !== undefined) return synonym;
  const words = kebab(name.slice(0, 64));
  const whole = listed(words) ?? listed(words.replace(/-/g, ''));
  if (whole !== undefined) return whole;
  // The last word names the kind (ElevatedButton, StarRating, DateTimeInput), then the others.
  for (const word of words.split('-').reverse()) {
    const type = listed(word);
    if (type !== undefined) return type;
  }
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const type of types) {
    const distance = editDistance(name.toLowerCase(), type);
    if (distance < bestDistance) [best, bestDistance] = [type, distance];
  }
  return best;
}

function isText(particle: unknown): particle is { text: string; mimeType?: unknown } {
  const p = particle as { text?: unknown } | null;
  return typeof p === 'object' && p !== null && typeof p.text === 'string';
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** The type names of each vocabulary a session holds, listed once (a render per token asked each time). */
const typeTables = new WeakMap<readonly VocabularyEntry[], { types: string[]; known: Set<string> }>();

function typesOf(vocabulary: readonly VocabularyEntry[]): { types: string[]; known: Set<string> } {
  let table = typeTables.get(vocabulary);
  if (table === undefined) {
    const types = vocabulary.map((entry) => entry.type);
    table = { types, known: new Set(types) };
    typeTables.set(vocabulary, table);
  }
  return table;
}

/**
 * Before a render is sent: every group type must be one the host has. Walks the model tree
 * iteratively and names the first unknown type by its path, with the nearest real type; a text
 * child the host will show other than written (`textNotice`: markdown in a plain string, HTML) is
 * passed to `onText` (a warning, not an error).
 */
export function checkTypes(
  tree: ModelParticle,
  vocabulary: readonly VocabularyEntry[],
  checked?: WeakSet<object>,
  onText?: TextNoticeHook,
): void {
  if (Array.isArray(tree))
    throw new ProgramError(
      'render(tree): the tree must be a particle, not an array; wrap ' +
        'the pairs in a group: render(group(null, [["a", "x"]]))',
    );
  if (typeof tree !== 'object' || tree === null)
    throw new ProgramError(
      `render(tree): the tree must be a particle (text(…), group(…)), but ` +
        `is ${show(tree)}; for example render(group(null, [["greeting", "Hello"]]))`,
    );
  if (vocabulary.length === 0) return;
  const { types, known } = typesOf(vocabulary);
  // Groups whose whole subtree passed in an earlier render are skipped: a streaming program
  // re-renders a 1,000-item tree per token with every unchanged item the same object, so the
  // walk is O(what changed), like `toWire`'s memo (model particles are not mutated once built).
  // They are recorded only once this walk passed: a group seen before a throw may have unchecked
  // descendants.
  const passed: object[] = [];
  const stack: Array<[ModelParticle, readonly string[]]> = [[tree, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null || !('group' in node) || !Array.isArray(node.group)) continue;
    if (checked?.has(node)) continue;
    if (typeof node.type === 'string' && !known.has(node.type)) {
      const near = TEXT_WORDS.has(node.type.toLowerCase()) ? undefined : nearestType(node.type, types);
      const fix = TEXT_WORDS.has(node.type.toLowerCase())
        ? 'a text is not a group in suip: write a plain string ["id", "…"] or text("…") (markdown) in its place'
        : near === undefined
          ? 'use one of the types listed in suip.vocabulary'
          : `did you mean group(${JSON.stringify(near)}, …)?`;
      throw new ProgramError(
        `render(): the group at path ${JSON.stringify(path)} has ` +
          `type ${JSON.stringify(node.type)}, which this host does not ` +
          `have; ${fix}`,
      );
    }
    passed.push(node);
    for (const [id, child] of node.group) {
      if (typeof child === 'object' && child !== null && 'group' in child && !checked?.has(child))
        stack.push([child, [...path, id]]);
      else if (onText !== undefined && isText(child)) {
        const notice = textNotice(child);
        if (notice !== undefined) onText([...path, id], notice);
      }
    }
  }
  if (checked) for (const node of passed) checked.add(node);
}
