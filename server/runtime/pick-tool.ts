import { compile } from '../../shared/check.ts';
import { scanFences } from '../../shared/code-fence.ts';
import { UiPickParams, type ParamsOf, type ResultOf } from '../../shared/neighbours/runtime-ui/schemas.ts';

/**
 * The model's way to ask the user to choose (seed 002 `ui.pick.request`): the runtime's chat call
 * streams text only, so the tool is a fenced block the model writes instead of a program. The
 * runtime shows it as the UI's pick dialog and sends the choice back as the next user message.
 */
export const PICK_TOOL_PROMPT = [
  '## Asking the user to choose',
  'When the request leaves a choice open that the user must make (which of several ' +
    'options, which items), do not guess and do not write a program yet.',
  'Answer with one short sentence and one ```pick block holding JSON, and nothing else:',
  '```pick',
  '{"title": "Which layout?", "items": [{"id": "cards", "label": "Cards", "detail": ' +
    '"one card per item"}, {"id": "table", "label": "Table"}], "multi": false}',
  '```',
  'Up to 20 items; ids are short words; "multi": true lets the user pick several. The ' +
    "user's choice comes back as the next message; then answer the request.",
].join('\n');

const checkPick = compile(UiPickParams);

/**
 * The pick a model answer asks for: none, a valid one, or what is wrong with it (worded for the model's repair turn).
 */
export function pickIn(
  answer: string,
):
  | { kind: 'none' }
  | { kind: 'pick'; params: Omit<ParamsOf<'ui.pick.request'>, 'run_id'> }
  | { kind: 'invalid'; error: string } {
  // The tree's one fence scanner finds the block (a closed ```pick fence, wherever it opens).
  const block = scanFences(answer, { opens: 'anywhere' }).blocks.find((b) => b.lang === 'pick' && b.closed);
  if (block === undefined) return { kind: 'none' };
  const usage = 'A ```pick block holds {"title": "…", "items": [{"id": "a", "label": "A"}], "multi": false}.';
  let value: unknown;
  try {
    value = JSON.parse(block.code);
  } catch {
    return { kind: 'invalid', error: `the pick block is not JSON. ${usage}` };
  }
  const problem = checkPick.firstError(value);
  if (problem !== undefined) return { kind: 'invalid', error: `the pick block does not fit at ${problem}. ${usage}` };
  const { title, items, multi } = value as ParamsOf<'ui.pick.request'>;
  const ids = new Set(items.map((item) => item.id));
  if (ids.size !== items.length)
    return { kind: 'invalid', error: `the pick block repeats an item id; every id must be different. ${usage}` };
  return {
    kind: 'pick',
    params: {
      title,
      items: items.map(({ id, label, detail }) => ({ id, label, ...(detail !== undefined ? { detail } : {}) })),
      ...(multi !== undefined ? { multi } : {}),
    },
  };
}

/** The user's choice as the model's next message (labels, not only ids, so the model needs no lookup). */
export function pickAnswerMessage(
  params: Omit<ParamsOf<'ui.pick.request'>, 'run_id'>,
  result: ResultOf<'ui.pick.request'>,
): string {
  const chosen = params.items.filter((item) => result.ids.includes(item.id));
  if (chosen.length === 0)
    return (
      `The user was asked "${params.title}" and chose nothing (cancelled). ` +
      `Answer the request without that choice, or say what you need.`
    );
  return (
    `The user was asked "${params.title}" and ` +
    `chose: ${chosen.map((item) => `${item.label} (${item.id})`).join(', ')}. Now answer ` +
    `the request with that choice.`
  );
}
