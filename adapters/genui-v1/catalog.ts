import type { VocabularyEntry, VocabularyRole } from '../../shared/index.ts';

/**
 * The `default@1.0` catalog: the suip vocabulary projected into GenUI's widget form, generated
 * from the vocabulary definitions (one definition, one more output), plus the seven flutter/genui
 * core widget names of the seed's time as aliases. A widget is single-key: `{"<Name>": {props}}`.
 *
 * Projection of a vocabulary role:
 * - text role → a string prop of the same name (numbers and booleans are accepted and stringified);
 * - data role → `{url, mimeType}`;
 * - a named group/any role → the id of another widget;
 * - `*` of kind group/any → `children: [widget ids]`; `*` of kind text → `options: [{value, label}]`.
 */

/** How a flutter/genui core widget name maps onto suip (props pinned by the golden test). */
export interface AliasSpec {
  /** The suip vocabulary type it becomes (`text` = a text particle, no group). */
  becomes: string;
  description: string;
  /** JSON Schema of its props. */
  props: Record<string, unknown>;
}

const str = (description: string) => ({ type: 'string', description });
const ids = (description: string) => ({ type: 'array', items: { type: 'string' }, description });

/** The seven core names (flutter/genui core catalog, mid-2025) and what they become. */
export const ALIASES: ReadonlyMap<string, AliasSpec> = new Map([
  [
    'Column',
    {
      becomes: 'column',
      description: 'Children stacked vertically.',
      props: {
        type: 'object',
        properties: {
          children: ids('Widget ids, top to bottom.'),
          mainAxisAlignment: str(
            'start, center, end, spaceBetween, spaceAround, spaceEvenly (accepted; the host lays out).',
          ),
          crossAxisAlignment: str('start, center, end, stretch (accepted; the host lays out).'),
          spacing: { type: 'number', description: 'Accepted; the host chooses the gap.' },
        },
        required: ['children'],
      },
    },
  ],
  [
    'Text',
    {
      becomes: 'text',
      description: 'A piece of text.',
      props: { type: 'object', properties: { text: str('The text (plain).') }, required: ['text'] },
    },
  ],
  [
    'ElevatedButton',
    {
      becomes: 'button',
      description:
        'A button; its label is the text of its child widget. Pressing it sends an action (eventType "onPressed").',
      props: { type: 'object', properties: { child: str('Id of a Text widget: the label.') }, required: ['child'] },
    },
  ],
  [
    'TextField',
    {
      becomes: 'text-field',
      description: 'A one-line text input (eventType "onChanged", not an action).',
      props: {
        type: 'object',
        properties: {
          value: str('Initial text.'),
          hintText: str('Label and placeholder.'),
          obscured: { type: 'boolean', description: 'A password field.' },
        },
      },
    },
  ],
  [
    'CheckboxGroup',
    {
      becomes: 'column',
      description: 'Checkboxes, one per label (eventType "onChanged", value {index, label, checked}).',
      props: {
        type: 'object',
        properties: {
          values: { type: 'array', items: { type: 'boolean' } },
          labels: { type: 'array', items: { type: 'string' } },
        },
        required: ['values', 'labels'],
      },
    },
  ],
  [
    'RadioGroup',
    {
      becomes: 'choice',
      description: 'Pick one label (eventType "onChanged", value = the label).',
      props: {
        type: 'object',
        properties: { groupValue: str('The selected label.'), labels: { type: 'array', items: { type: 'string' } } },
        required: ['labels'],
      },
    },
  ],
  [
    'Image',
    {
      becomes: 'image',
      description: 'An image from a URL.',
      props: {
        type: 'object',
        properties: {
          location: str('The image URL (https: or data:).'),
          alt: str('What it shows.'),
          fit: str('Accepted; the host decides.'),
        },
        required: ['location'],
      },
    },
  ],
]);

/** The prop name a vocabulary role projects to (`*` becomes `children` or `options`). */
export function propOf(role: VocabularyRole): string {
  if (role.id !== '*') return role.id;
  return role.kind === 'text' ? 'options' : 'children';
}

/** JSON Schema of one role's prop. */
function roleSchema(role: VocabularyRole): Record<string, unknown> {
  if (role.id === '*') {
    if (role.kind === 'text')
      return {
        type: 'array',
        description: role.description,
        items: {
          type: 'object',
          properties: { value: { type: 'string' }, label: { type: 'string' } },
          required: ['value', 'label'],
        },
      };
    return ids(`Widget ids. ${role.description}`);
  }
  switch (role.kind) {
    case 'text':
      return { type: 'string', description: role.description, ...(role.values ? { enum: [...role.values] } : {}) };
    case 'data':
      return {
        type: 'object',
        description: role.description,
        properties: { url: { type: 'string' }, mimeType: { type: 'string' } },
        required: ['url', 'mimeType'],
      };
    default:
      return str(`Id of another widget. ${role.description}`);
  }
}

/** JSON Schema of the props of one vocabulary type. */
export function typePropsSchema(entry: VocabularyEntry): Record<string, unknown> {
  const required = entry.roles.filter((r) => r.required && r.id !== '*').map(propOf);
  return {
    type: 'object',
    properties: Object.fromEntries(entry.roles.map((r) => [propOf(r), roleSchema(r)])),
    ...(required.length > 0 ? { required } : {}),
  };
}

/** The text widget every catalog has: `{"text": {"text": "...", "markdown"?: true}}`. */
const TEXT_WIDGET = {
  type: 'object',
  properties: {
    text: str('The text.'),
    markdown: { type: 'boolean', description: 'Render as markdown (default plain).' },
  },
  required: ['text'],
};

/**
 * The catalog as one JSON Schema (draft-07) of a widget object: exactly one key, the widget's
 * name. This is what the server puts in the system prompt and what `augmentations` extend.
 */
export function genuiCatalogSchema(vocabulary: readonly VocabularyEntry[]): Record<string, unknown> {
  const one = (name: string, description: string, props: Record<string, unknown>) => ({
    type: 'object',
    description,
    properties: { [name]: props },
    required: [name],
    additionalProperties: false,
  });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'GenUI catalog default@1.0 (suip vocabulary)',
    description:
      'A widget is an object with exactly one key, its name; the value holds its props. Widget ' +
      'references are widget ids.',
    anyOf: [
      one('text', 'A piece of text.', TEXT_WIDGET),
      ...vocabulary.map((e) => one(e.type, e.description, typePropsSchema(e))),
      ...[...ALIASES].map(([name, spec]) => one(name, `${spec.description} (alias of ${spec.becomes})`, spec.props)),
    ],
  };
}

/** Every widget name the catalog knows (vocabulary types, `text`, aliases). */
export function catalogNames(vocabulary: readonly VocabularyEntry[]): string[] {
  return ['text', ...vocabulary.map((e) => e.type), ...ALIASES.keys()];
}
