import type { VocabularyEntry, VocabularyRole } from '../../shared/index.ts';
import { TOKEN_DESCRIPTIONS } from '../theme/token-descriptions.ts';
import { THEME_TOKENS } from '../theme/tokens.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

function roleRow(r: VocabularyRole): string {
  const kind = r.kind === 'group' && r.types ? `group: ${r.types.map((t) => `\`${t}\``).join(', ')}` : r.kind;
  return (
    `| \`${r.id}\` ` +
    `| ${kind}${r.mimeTypes ? ` (${r.mimeTypes.map((m) => `\`${m}\``).join(', ')})` : ''} ` +
    `| ${r.required ? 'yes' : ''} | ${cell(r.description)} |`
  );
}

function entrySection(e: VocabularyEntry): string {
  return [
    `### \`${e.type}\``,
    '',
    `${e.description} Element: \`<suip-${e.type}>\`.`,
    '',
    e.roles.length === 0
      ? 'Takes no children.'
      : ['| child id | kind | required | meaning |', '|---|---|---|---|', ...e.roles.map(roleRow)].join('\n'),
    '',
    `Events: ${e.events.length === 0 ? 'none' : e.events.map((x) => `\`${x}\`${e.requiredEvents?.includes(x) ? ' (a handler is required)' : ''}`).join(', ')}.`,
    '',
    '```json',
    JSON.stringify(e.example),
    '```',
  ].join('\n');
}

/**
 * docs/vocabulary.md, generated from the definitions (`npm run docs:vocabulary` rewrites it; a
 * unit test fails when it is stale): the rules every type shares, the theme tokens, then each
 * type's roles, events and example.
 */
export function vocabularyMarkdown(entries: readonly VocabularyEntry[] = BUILTIN_VOCABULARY): string {
  const categories = [...new Set(entries.map((e) => e.category))];
  return `# The suip vocabulary

<!-- Generated from core/vocabulary/types/*.ts by \`npm run docs:vocabulary\`; do not edit by hand. -->

${entries.length} group types in ${categories.length} categories. Each definition (\`core/vocabulary/types/<type>.ts\`) is a
\`VocabularyEntry\` (the shape the \`suip/initialize\` result carries) and feeds the validator
(\`createGroupChecker\`, the \`checkGroup\` hook of transactions), the Lit element
(\`renderer/view/elements/suip-<type>.ts\`), the JSON Schema (\`vocabularyJsonSchema()\`), the prompt text
(\`systemPrompt()\` in \`generator/prompt/\`) and the gallery (\`galleryTree()\`). The renderer's entry carries only
each definition's structure (\`structure.generated.ts\`: types, roles, events); the prose (descriptions and examples,
what a generator's prompt is made of) is a chunk requested when a renderer is created, which a generator's
\`suip/initialize\` result waits for if it has not arrived. After changing a definition, run \`npm run gen:vocabulary\`
(\`vocabulary-split.test.ts\` fails until then).

## Rules every type shares

- **Children by id.** A type names the roles of its children by id (\`title\`, \`label\`, …) and the kind each takes
  (text, data, group of given types, any). \`*\` means "every other id". A transaction that breaks this — a missing
  required role, a wrong kind, group type or mime type, an unknown id where the type has no \`*\`, an event the type
  does not accept — is rejected whole with \`-32004 VocabularyViolation\`, naming the type, the role and the fix.
- **Unknown types** render as a dashed box labelled "Unknown type …" (\`role=group\`) that still shows every child;
  groups without a type stack their children.
- **Text.** \`text/markdown\` (default) goes through markdown-it with raw HTML off: every \`<\` of the input is text
  (a plain paragraph or heading is shown without a parse, and markdown-it loads the first time a text needs it; until
  then that text shows as plain text);
  links pass the URL policy and get \`target=_blank rel="noopener noreferrer"\`; markdown images are off (media only
  comes as data particles with a declared mime type); table alignment becomes a class, never a \`style\`.
  \`text/plain\` is shown literally, \`application/json\` and \`text/x-<lang>\` as preformatted code. Measured in
  Chromium 156 on the 2-core VM (under load, \`node renderer/policy/markdown-timing/measure.mjs\`): short UI texts
  46 µs per call with markdown-it versus 488 µs with marked + DOMPurify; a 5 KB document 10.1 ms versus 34.6 ms;
  hostile inputs 75 µs versus 425 µs. markdown-it is the pipeline.
- **URLs.** Every \`href\` and \`src\` is WHATWG-parsed and allowlisted (\`createUrlPolicy\`): links \`http:\`, \`https:\`,
  \`mailto:\`; media \`data:\` whose own type equals the declared, allowlisted image/audio/video mime type, and
  remote \`https:\` media only from the origins a host lists in \`mediaOrigins\` (none by default: a remote src is a
  request the model chose). SVG is only ever shown through \`<img>\`. A refused URL renders a visible
  note instead. Links open only on a real (trusted) click. Nothing from the sandbox ever becomes CSS, a tag name or
  an attribute name.
- **Events.** \`click\`, \`input\` (debounced 150 ms, flushed before \`change\`/\`submit\`), \`change\`, \`submit\`, \`keydown\`
  (optional \`keys\` filter). Payloads \`none\`, \`value\`, \`checked\`, \`formData\` (\`[controlId, value]\` entries of every
  control inside the group). \`preventDefault\` is applied synchronously in the DOM listener; a form never navigates
  the host page.
- **Keyed children.** Children render with Lit \`repeat\` keyed by id; moves use \`moveBefore\` where the browser has it,
  so a moved field keeps its DOM node, focus, caret and typed value.
- **Accessibility.** card → \`article\`, section → \`section\` labelled by its heading, list/stats/tags/timeline →
  \`list\`/\`listitem\`, key-value pairs → \`dl\`, alerts → \`role=alert\` (warning, error) or \`status\`, tabs → the WAI-ARIA
  tabs pattern (arrow keys, Home, End), accordion → \`details\`/\`summary\`, modal → \`<dialog>\` via \`showModal()\`, charts →
  \`role=img\` with a text summary of the data, every form control labelled, hints and errors tied with
  \`aria-describedby\`/\`aria-invalid\`, visible focus ring. axe-core reports no violations on the gallery in either theme.
- **Loaded on first use.** The chart (\`chart-bar\`, \`chart-line\`, \`chart-pie\`), \`code\`, \`image\`, \`video\` and \`audio\`
  elements render through a module chunk requested the first time one of them renders
  (\`renderer/view/lazy-element.ts\`); their tags and definitions are registered with the rest, so they validate and keep
  their place as usual, and until the chunk is there each shows an empty box of its size (\`role=status\`,
  \`aria-busy\`). A UI without them never requests it (\`e2e/lazy-elements.spec.ts\`). Host dialogs are drawn by a chunk
  loaded with the first dialog. Both are same-origin modules, so the strict-CSP mode (\`script-src 'self'\`) allows them.

## Theming

\`<suip-tree>\` follows \`prefers-color-scheme\`; \`theme="light"\` or \`theme="dark"\` forces one. A host restyles it by
setting these custom properties on \`<suip-tree>\` or any ancestor (they inherit into every shadow root):

| token | light | dark | used for |
|---|---|---|---|
${THEME_TOKENS.map((t) => `| \`${t.name}\` | \`${t.light}\` | \`${t.dark}\` | ${TOKEN_DESCRIPTIONS[t.name] ?? ''} |`).join('\n')}

${categories
  .map(
    (c) =>
      `## ${c[0]!.toUpperCase()}${c.slice(1)}\n\n${entries
        .filter((e) => e.category === c)
        .map(entrySection)
        .join('\n\n')}`,
  )
  .join('\n\n')}
`;
}
