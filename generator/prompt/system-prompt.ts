import { DEFAULT_EFFECTIVE_POLICY, type EffectivePolicy } from '../../shared/effective-policy.ts';
import type { HostContext, InitializeResult, VocabularyEntry } from '../../shared/handshake.ts';
import { policySentences, policyVocabulary, type PromptFacts } from './policy-text.ts';
import { needsExample, vocabularyText } from './vocabulary-text.ts';

/** The worked example: state, view(), stable ids, a checkbox read with "checked", a form read with "formData". */
const EXAMPLE = `const { group, render } = suip;
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
`;

/** A type's own example is shown only where it teaches a handler the worked example does not already show. */
function showExample(entry: VocabularyEntry): boolean {
  if (!needsExample(entry)) return false;
  const asked = Object.values((entry.example as { on?: Record<string, { data?: string }> }).on ?? {}).map(
    (spec) => spec.data,
  );
  return (
    !EXAMPLE.includes(`group("${entry.type}"`) ||
    asked.some((data) => data === undefined || !EXAMPLE.includes(`data: "${data}"`))
  );
}

/** Facts about the host the program will run in; each absent one is the strictest host's. */
export interface SystemPromptOptions {
  hostContext?: HostContext;
  /**
   * The host's effective policy (the `policy` of its initialize result). A server that does not
   * run the renderer may pass its host's `HostPolicy` fields as they are (same names); each absent
   * field is the strict default.
   */
  policy?: Partial<EffectivePolicy>;
  /** The channels the host sends input on; undefined: not declared. */
  inputs?: readonly string[];
  /** The channels the host accepts output on (default none). */
  outputs?: readonly string[];
  /** The host answers suip.confirm / prompt / pick (default true, as this renderer does). */
  dialogs?: boolean;
}

/**
 * The system prompt for a model that writes suip generator programs: the `suip` API, the rules
 * that keep updates cheap and inputs intact, how errors come back, what this host allows (from
 * its effective policy, through the one table in `policy-text.ts`) and its vocabulary (the
 * `VocabularyEntry[]` from the `suip/initialize` result, passed in as data — this module never
 * imports the renderer). The prompt offers nothing the host refuses.
 */
export function systemPrompt(vocabulary: readonly VocabularyEntry[], options: SystemPromptOptions = {}): string {
  const facts: PromptFacts = {
    ...DEFAULT_EFFECTIVE_POLICY,
    ...options.policy,
    inputs: options.inputs,
    outputs: options.outputs ?? [],
    dialogs: options.dialogs ?? true,
  };
  const context = options.hostContext
    ? `\nThe host: theme ${options.hostContext.theme}, ` +
      `locale ${options.hostContext.locale}. Also in ` +
      `\`suip.hostContext\`.\n`
    : '';
  const confirm = facts.dialogs ? 'suip.confirm in a click handler' : 'buttons in your UI (a modal at most once)';
  return `You write a JavaScript program that builds a user interface with the \`suip\` API. It runs in a sandboxed Worker. The host draws what you describe with its own components (the vocabulary below); you never send HTML, CSS or scripts.
${context}
## The API (global \`suip\`)
\`\`\`js
const { text, data, group, render, onError } = suip;
group(type, children, options?)  // type from the vocabulary (or null); children: [[id, child], ...], ids unique among siblings
                                 // a child is a plain string (plain text), text(...), data(...) or group(...)
                                 // options: { on: { click: fn } } or { on: { submit: { handler: fn, preventDefault:
                                 // true, data: "formData" } } }
text(str, mimeType?)             // markdown by default; text(JSON.stringify(obj), "application/json") for chart/table data; "text/x-<lang>" for code
data(url, mimeType)              // media (see "This host" for which URLs)
render(tree)                     // show the tree; resolves when the host applied it, rejects with an error naming the fix
onError(fn)                      // fn({code, message, data}) for every error, and each part refused (code -32007, a warning)
suip.onInput, suip.output, suip.confirm, suip.prompt, suip.pick   // see "This host"
suip.vocabulary, suip.hostContext, suip.limits, suip.policy, suip.channels
\`\`\`

## This host
${policySentences(facts)
  .map((sentence) => `- ${sentence}`)
  .join('\n')}

## What works, what does not
Works: state in variables, \`setTimeout\`/\`setInterval\`, \`async\`/\`await\`, \`Date\`, \`Math\`, \`JSON\`, \`Intl\`. Does not exist: the DOM (\`document\`, \`window\`), the network (\`fetch\`, WebSocket), imports, \`eval\`, storage: data comes from input channels or is written in the program.

## How to write the program
- Keep state in variables. Write \`view()\` that returns the whole tree from the state; call \`render(view())\` at start and after every state change (in handlers, timers). Only the changes are sent.
- Stable ids ("todo-17", not array indices): the same id keeps the same element, so a field keeps its text and focus. Reorder by reordering children.
- Children go in the roles each type names (a card's "title"); other ids go where the type has \`*\`. Text roles take plain strings: \`["label", "Save"]\`.
- A plain string is shown exactly as written (\`"**Total**"\` shows the asterisks); for bold, links or lists use \`text("**Total**")\` (markdown).
- Events: click, input, change, submit, keydown. A handler gets \`{event, path, value?, checked?, formData?, key?}\`; ask with \`data: "value"\` (text fields, choices, sliders, tabs), \`"checked"\` (checkbox, toggle: never "value") or \`"formData"\` (forms: field id → value). \`keys: ["Enter"]\` limits keydown. Input events come at most every 150 ms.
- A handler that throws is reported with its name and message; the program keeps running.
- Forms: fields with ids inside a "form" with an \`on.submit\` handler; show a validation message with the field's "error" child.
- A rejected render changes nothing on screen; the error names the path, type, role and fix. Fix the tree and render again.

## Common requests → types
form → form + text-field, choice, checkbox, button · dropdown/select/radio → choice · multi-select → multi-choice · switch → toggle · heading → section or card title · dashboard → stats + stat, chart-*, table · chat → conversation of message · to-do → list of checkbox · steps → timeline · tabs → tabs of section · FAQ → accordion of section · notice → alert · loading → progress or placeholder · calendar/keypad/price table → grid with columns · confirmation → ${confirm}

## Example
\`\`\`js
${EXAMPLE}\`\`\`

## Vocabulary (group types this host renders)
Roles are child ids: \`?\` optional, text unless a kind is named, \`*\` every other id; \`json\`: text(JSON.stringify(…), "application/json"). Events with \`!\` need a handler. A type not listed here is an error.

${vocabularyText(policyVocabulary(vocabulary, facts), { example: showExample })}
`;
}

/** The system prompt for the host that answered `result` (its vocabulary, context, policy and channels). */
export function systemPromptFor(result: InitializeResult): string {
  return systemPrompt(result.vocabulary, {
    hostContext: result.hostContext,
    ...(result.policy !== undefined ? { policy: result.policy } : {}),
    ...(result.inputs !== undefined ? { inputs: result.inputs } : {}),
    outputs: result.outputs ?? [],
    dialogs: result.capabilities?.dialogs === true,
  });
}
