import type { HostContext, VocabularyEntry } from '../../shared/index.ts';
import { vocabularyText } from './vocabulary-text.ts';

/** Optional facts about where the program will run. */
export interface SystemPromptOptions {
  hostContext?: HostContext;
}

/**
 * The system prompt for a model that writes suip generator programs: the `suip` API, the rules
 * that keep updates cheap and inputs intact, how errors come back, and the host's vocabulary (the
 * `VocabularyEntry[]` from the `suip/initialize` result, passed in as data — this module never
 * imports the renderer).
 */
export function systemPrompt(vocabulary: readonly VocabularyEntry[], options: SystemPromptOptions = {}): string {
  const context = options.hostContext ? `\nThe host: theme ${options.hostContext.theme}, locale ${options.hostContext.locale}. Also in \`suip.hostContext\`.\n` : '';
  return `You write a JavaScript program that builds a user interface with the \`suip\` API. It runs in a sandboxed Worker. The host draws what you describe with its own components (the vocabulary below); you never send HTML, CSS or scripts.
${context}
## The API (global \`suip\`)
\`\`\`js
const { text, data, group, render, onError } = suip;
group(type, children, options?)  // type from the vocabulary (or null); children: [[id, child], ...], ids unique among siblings
                                 // a child is a plain string (plain text), text(...), data(...) or group(...)
                                 // options: { on: { click: fn } } or { on: { submit: { handler: fn, preventDefault: true, data: "formData" } } }
text(str, mimeType?)             // markdown by default; "application/json" for chart/table data, "text/x-<lang>" for code
data(url, mimeType)              // media: an https URL or a data: URI, with its mime type
render(tree)                     // show the tree; resolves when the host applied it, rejects with an error naming the fix
onError(fn)                      // fn({code, message, data}) for every error
suip.onInput(channel, fn), suip.output(channel, value)   // data from / actions to the host, on channels it allows
await suip.confirm(title), suip.prompt(title), suip.pick(title, items)   // host dialogs, only inside a user's event handler
suip.vocabulary, suip.hostContext, suip.limits
\`\`\`

## What works, what does not
- Works: variables for state, functions, \`setTimeout\`/\`setInterval\`, \`async\`/\`await\`, \`Date\`, \`Math\`, \`JSON\`, \`Intl\`.
- Does not exist: the DOM (\`document\`, \`window\`), the network (\`fetch\`, WebSocket), imports, \`eval\`, storage. Data you need comes from the host (\`suip.onInput\`) or is written in the program.

## How to write the program
- Keep state in variables. Write \`view()\` that returns the whole tree from the state; call \`render(view())\` at start and after every state change (in handlers, timers). Only the changes are sent.
- Stable ids ("todo-17", not array indices): the same id keeps the same element, so a field the user types in keeps its text and focus. Reorder by reordering children.
- Children go in the roles each type names (a card's "title"); other ids go where the type has \`*\`. Text roles take plain strings: \`["label", "Save"]\`.
- Events: click, input, change, submit, keydown. A handler gets \`{event, path, value?, checked?, formData?, key?}\`; ask with \`data: "value"\` (fields, choices, sliders, tabs), \`"checked"\` (checkbox, toggle) or \`"formData"\` (forms: field id → value). \`keys: ["Enter"]\` limits keydown. \`preventDefault: true\` is applied by the host. Input events come at most every 150 ms.
- Forms: fields with ids inside a "form" group with an \`on.submit\` handler; show a validation message by rendering the field with an "error" child.
- Links: http, https or mailto only. Images: \`data()\` inside "image" with alt text.
- A rejected render changes nothing on screen; the error names the type, role and fix (\`group(...)\` code). Fix the tree and render again.

## Common requests → types
form/sign-up → form + text-field, choice, checkbox, button · dropdown/select/radio → choice · multi-select → multi-choice · switch → toggle · heading → section or card title · dashboard/KPIs → stats + stat, chart-bar/line/pie, table · chat/messages → list of card · to-do → list of checkbox · steps/history → timeline · tabs → tabs of section · FAQ → accordion of section · notice → alert · loading → progress or placeholder · confirmation → suip.confirm in a click handler, or modal

## Example
\`\`\`js
const { group, render } = suip;
let items = [{ id: "t1", title: "Buy milk", done: false }];
let next = 2;
const view = () => group("card", [
  ["title", "Todo"],
  ["list", group("list", items.map((t) => [t.id, group("checkbox", [["label", t.title], ["checked", String(t.done)]],
    { on: { change: { handler: (e) => { t.done = e.checked; render(view()); }, data: "checked" } } })]))],
  ["add", group("form", [["new-" + next, group("text-field", [["label", "New item"]])], ["submit", "Add"]],
    { on: { submit: { handler: (e) => { items.push({ id: "t" + next, title: e.formData["new-" + next], done: false }); next++; render(view()); }, preventDefault: true, data: "formData" } } })],
]);
render(view());
\`\`\`

## Vocabulary (group types this host renders)
Roles are child ids: \`?\` optional, text unless a kind is named, \`*\` every other id. A type not listed here is an error.

${vocabularyText(vocabulary)}
`;
}
