import { isReservedKey, type VocabularyEntry, type VocabularyRole } from '../../shared/index.ts';
import { catalogNames, typePropsSchema } from './catalog.ts';

/**
 * `catalogDefinition.augmentations` (seed 000): widgets a client adds to the base catalog. One
 * definition serves both ends: the client declares a suip vocabulary entry per widget; its JSON
 * Schema (the base catalog's own form, `typePropsSchema`) goes to the server, which derives the
 * same entry back from it to validate the model's widgets headlessly; the page shows each widget
 * through the host component it registered, or through a visible fallback the client declared.
 */

/** A widget a client adds to the base catalog. */
export interface GenuiAugmentation {
  /** Its definition: `type` is the widget's name, the roles are its props (as the base catalog projects them). */
  definition: VocabularyEntry;
  /**
   * How the page shows it. `component`: the host registered a component for `definition.type`
   * (`createRenderer(el, { components: [{ definition, tagName }] })`); the renderer validates and
   * draws it. `fallback`: no component; a card titled with the widget's name lists its text props
   * and holds its children, so nothing the model sent is hidden.
   */
  render: 'component' | 'fallback';
}

/** Widgets one request may add; more are ignored (and said so to the model). */
export const MAX_AUGMENTED_WIDGETS = 64;
/** Props one added widget may have. */
const MAX_PROPS = 32;
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The JSON Schema a client sends as `catalogDefinition.augmentations`: one single-key widget form per added widget. */
export function augmentationsSchema(augmentations: readonly GenuiAugmentation[]): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    description:
      'Widgets this client adds to the base catalog, in the same form: one key, the widget name; ' +
      'the value holds its props.',
    anyOf: augmentations.map(({ definition }) => ({
      type: 'object',
      description: definition.description,
      properties: { [definition.type]: typePropsSchema(definition) },
      required: [definition.type],
      additionalProperties: false,
    })),
  };
}

/** What a server learns from a request's augmentations. */
export interface AugmentedVocabulary {
  /** Vocabulary entries for the added widgets (validated like the base catalog's); `type` is the particle type. */
  entries: VocabularyEntry[];
  /**
   * The client's widget name → the particle type that stands for it, for each added widget whose
   * name is not a particle type itself (`StarRating` → `x-star-rating`). One to one within the
   * request, so a particle type reads back as the client's own name (`widgetNameOf`).
   */
  types: ReadonlyMap<string, string>;
  /** Why some of the schema was not used, in words a model can act on. */
  ignored: string[];
}

/**
 * The vocabulary entries of a client's `augmentations` (hostile input: bounded, and never
 * trusted to replace the base catalog). Accepts the form `augmentationsSchema` writes (`anyOf` of
 * single-key widget objects) and the plain `{properties: {<Name>: <props schema>}}`. A prop
 * becomes a role as the base catalog projects roles: `{url, mimeType}` objects → data, `children`
 * (an array of strings) → the widget ids of its children, `options` ({value, label} objects) →
 * text options, anything else → text. Names of the base catalog are ignored (the base wins).
 */
export function augmentedVocabulary(schema: unknown, base: readonly VocabularyEntry[]): AugmentedVocabulary {
  const ignored: string[] = [];
  const entries: VocabularyEntry[] = [];
  const types = new Map<string, string>();
  if (schema === undefined) return { entries, types, ignored };
  const widgets: Array<[string, unknown, string]> = [];
  const s = schema as { anyOf?: unknown; properties?: unknown; description?: unknown };
  if (Array.isArray(s.anyOf)) {
    for (const item of s.anyOf.slice(0, MAX_AUGMENTED_WIDGETS + 1)) {
      const props = (item as { properties?: unknown } | null)?.properties;
      const keys = typeof props === 'object' && props !== null ? Object.keys(props) : [];
      if (keys.length !== 1) {
        ignored.push('an augmentations anyOf item is not a single-key widget object');
        continue;
      }
      widgets.push([
        keys[0]!,
        (props as Record<string, unknown>)[keys[0]!],
        text((item as { description?: unknown }).description),
      ]);
    }
  } else if (typeof s.properties === 'object' && s.properties !== null) {
    for (const [name, props] of Object.entries(s.properties).slice(0, MAX_AUGMENTED_WIDGETS + 1))
      widgets.push([name, props, text((props as { description?: unknown } | null)?.description)]);
  } else ignored.push('augmentations is neither {anyOf: [widget schemas]} nor {properties: {<Name>: props}}');
  if (widgets.length > MAX_AUGMENTED_WIDGETS) {
    ignored.push(`only the first ${MAX_AUGMENTED_WIDGETS} added widgets are used`);
    widgets.length = MAX_AUGMENTED_WIDGETS;
  }
  const taken = new Set(catalogNames(base));
  // Particle types already spoken for: the base ones and every added name that is a type itself (those keep it).
  const usedTypes = new Set([...taken, ...widgets.map(([name]) => name).filter((name) => PARTICLE_TYPE.test(name))]);
  for (const [name, props, description] of widgets) {
    if (!NAME.test(name) || isReservedKey(name)) {
      ignored.push(
        `the added widget name ${JSON.stringify(name.slice(0, 40))} is not a name (letters, digits, - and _, at most 64)`,
      );
      continue;
    }
    if (taken.has(name)) {
      ignored.push(`the added widget "${name}" has the name of a base catalog widget; the base one is used`);
      continue;
    }
    taken.add(name);
    const type = PARTICLE_TYPE.test(name) ? name : particleTypeFor(name, usedTypes);
    if (type !== name) types.set(name, type);
    entries.push({
      type,
      category: 'display',
      description: description || `A widget this client added: ${name}.`,
      roles: rolesOf(props),
      events: [],
      example: { type, group: [] },
    });
  }
  return { entries, types, ignored };
}

/** suip's particle type form (shared/particle.ts `GroupType`): kebab case, at most 64 characters. */
const PARTICLE_TYPE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * A particle type for a widget name that is not one (`StarRating`, `Star_Rating`, `ElevatedCard`):
 * `x-` and its words in kebab case (`x-star-rating`), numbered when that is taken (`x-star-rating-2`),
 * so two names never share a type. The `x-` keeps it apart from the host's own vocabulary types.
 */
function particleTypeFor(name: string, used: Set<string>): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const stem = `x-${words.join('-')}`.slice(0, 56).replace(/-+$/, '');
  let type = stem;
  for (let n = 2; used.has(type); n += 1) type = `${stem}-${n}`;
  used.add(type);
  return type;
}

/**
 * Puts the client's own widget names back into a message that speaks of particle types
 * (`group "x-star-rating" …` → `group "StarRating" …`), so a model and a user read the names they wrote.
 */
export function widgetNamesIn(message: string, types: ReadonlyMap<string, string>): string {
  let out = message;
  for (const [name, type] of types) out = out.split(`"${type}"`).join(`"${name}"`);
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 500) : '';
}

/** The roles of one added widget from its props schema (bounded; reserved and odd prop names skipped). */
function rolesOf(schema: unknown): VocabularyRole[] {
  const s = schema as { properties?: unknown; required?: unknown } | null;
  const properties =
    typeof s?.properties === 'object' && s.properties !== null ? Object.entries(s.properties).slice(0, MAX_PROPS) : [];
  const required = new Set(
    Array.isArray(s?.required) ? s.required.filter((r): r is string => typeof r === 'string') : [],
  );
  const roles: VocabularyRole[] = [];
  let star = false;
  for (const [prop, value] of properties) {
    if (!NAME.test(prop) || isReservedKey(prop)) continue;
    const p = value as {
      type?: unknown;
      properties?: Record<string, unknown>;
      items?: { type?: unknown };
      description?: unknown;
      enum?: unknown;
    } | null;
    const description = text(p?.description) || prop;
    if ((prop === 'children' || prop === 'options') && p?.type === 'array' && !star) {
      star = true;
      roles.push({ id: '*', kind: prop === 'options' ? 'text' : 'any', description });
    } else if (p?.type === 'object' && p.properties !== undefined && 'url' in p.properties) {
      roles.push({ id: prop, kind: 'data', description, ...(required.has(prop) ? { required: true } : {}) });
    } else {
      const values =
        Array.isArray(p?.enum) && p.enum.length <= 64 && p.enum.every((v) => typeof v === 'string')
          ? { values: p.enum as string[] }
          : {};
      roles.push({ id: prop, kind: 'text', description, ...values, ...(required.has(prop) ? { required: true } : {}) });
    }
  }
  return roles;
}
