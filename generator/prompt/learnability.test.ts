import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, PROTOCOL_VERSION, createMemoryChannelPair, type InitializeResult } from '../../shared/index.ts';
import { RendererSession } from '../../renderer/session/renderer-session.ts';
import { applyGeneratorTransaction, createMergedTree, generatorRoot, mountGenerator, type MergedTree } from '../../renderer/tree/index.ts';
import { createGroupChecker } from '../../renderer/vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from '../../renderer/vocabulary/registry.ts';
import { GeneratorSession } from '../runtime/generator-session.ts';
import { createSuipApi } from '../runtime/suip-api.ts';

/**
 * The learnability suite (issue 19): programs with one mistake each, as a model writes them from
 * the prompt. Each must give an error that names the mistake, and the fix the error suggests must
 * make the program render with no error. Runs the real generator runtime against the real
 * renderer session and vocabulary check, in Node.
 */

interface Outcome {
  errors: string[];
  rendered: boolean;
}

async function run(code: string): Promise<Outcome> {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  let merged: MergedTree = mountGenerator(createMergedTree(), 'g');
  const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
  const errors: string[] = [];
  const result: InitializeResult = { protocolVersion: PROTOCOL_VERSION, renderer: { name: 'r', version: '0' }, vocabulary: [...BUILTIN_VOCABULARY], limits: DEFAULT_LIMITS, hostContext: { theme: 'light', locale: 'en' } };
  new RendererSession({
    channel: rendererEnd,
    limits: DEFAULT_LIMITS,
    result,
    apply(ops) {
      const applied = applyGeneratorTransaction(merged, 'g', ops, { limits: DEFAULT_LIMITS, checkGroup });
      if (applied.ok) merged = applied.tree;
      return applied;
    },
    onInitialized: () => undefined,
    onError: (error) => errors.push(error.message),
    onViolation: () => undefined,
  });
  const session = new GeneratorSession({ channel: generatorEnd, onUncaught: (error) => errors.push(error instanceof Error ? error.message : String(error)) });
  const api = createSuipApi(session, await session.initialize());
  try {
    await (new Function('suip', `return (async () => {\n${code}\n})();`) as (suip: unknown) => Promise<void>)(api);
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { errors: [...new Set(errors)], rendered: (generatorRoot(merged, 'g')?.group.length ?? 0) > 0 };
}

const P = 'const { text, group, render } = suip;\n';

/** [what the model got wrong, the program, what the error must say, the program with the error's fix]. */
const CASES: Array<[string, string, RegExp, string]> = [
  ['unknown type select', `${P}render(group('select', [['label', 'City']]));`, /"select".*did you mean group\("choice"/, `${P}render(group('choice', [['label', 'City'], ['oslo', 'Oslo'], ['rome', 'Rome']]));`],
  ['unknown type dropdown', `${P}render(group('dropdown', []));`, /did you mean group\("choice"/, `${P}render(group('choice', [['label', 'Pick'], ['x', 'X']]));`],
  ['unknown type heading', `${P}render(group('heading', [['title', 'Hi']]));`, /"heading".*did you mean group\("section"/, `${P}render(group('section', [['title', 'Hi']]));`],
  ['misspelt type', `${P}render(group('buton', [['label', 'Go']]));`, /did you mean group\("button"/, `${P}render(group('button', [['label', 'Go']]));`],
  ['type switch', `${P}render(group('switch', [['label', 'Dark']]));`, /did you mean group\("toggle"/, `${P}render(group('toggle', [['label', 'Dark']]));`],
  ['type img', `${P}render(group('img', []));`, /did you mean group\("image"/, `${P}render(group('image', [['src', suip.data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', 'A dot']]));`],
  ['nested unknown type', `${P}render(group('card', [['title', 'T'], ['pick', group('radio', [])]]));`, /path \["pick"\].*"radio".*group\("choice"/, `${P}render(group('card', [['title', 'T'], ['pick', group('choice', [['label', 'P'], ['a', 'A']])]]));`],
  ['children as an object', `${P}render(group('card', { title: text('Hi') }));`, /children must be an array of \[id, particle\] pairs.*group\("card", \[\["title", "Hello"\]/, `${P}render(group('card', [['title', text('Hi')]]));`],
  ['children as a string', `${P}render(group('card', 'Hello'));`, /children must be an array/, `${P}render(group('card', [['title', 'Hello']]));`],
  ['a bare string child', `${P}render(group('list', ['Milk', 'Bread']));`, /child 0 must be an \[id, particle\] pair.*\["item-0", "Milk"\]/, `${P}render(group('list', [['item-0', 'Milk'], ['item-1', 'Bread']]));`],
  ['a child without id', `${P}render(group('list', [text('Milk')]));`, /child 0 must be an \[id, particle\] pair/, `${P}render(group('list', [['milk', text('Milk')]]));`],
  ['a numeric id', `${P}render(group('list', [[1, 'Milk']]));`, /child 0 must be an \[id, particle\] pair with a string id/, `${P}render(group('list', [['1', 'Milk']]));`],
  ['a child that is not a particle', `${P}render(group('card', [['title', { label: 'x' }]]));`, /child "title" must be a particle/, `${P}render(group('card', [['title', 'x']]));`],
  ['onClick instead of on.click', `${P}render(group('button', [['label', 'Go']], { onClick: () => {} }));`, /handlers go inside "on": write \{ on: \{ click: \(\) => … \} \}/, `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`],
  ['onChange instead of on.change', `${P}render(group('toggle', [['label', 'On']], { onChange: () => {} }));`, /\{ on: \{ change:/, `${P}render(group('toggle', [['label', 'On']], { on: { change: () => {} } }));`],
  ['an unknown event', `${P}render(group('button', [['label', 'Go']], { on: { press: () => {} } }));`, /there is no event "press"; the events are click, input, change, submit, keydown/, `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`],
  ['an unknown option', `${P}render(group('button', [['label', 'Go']], { style: 'big' }));`, /unknown option "style"/, `${P}render(group('button', [['label', 'Go']]));`],
  ['options not an object', `${P}render(group('button', [['label', 'Go']], () => {}));`, /options must be an object like \{ on: \{ click/, `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`],
  ['a role a button does not have', `${P}render(group('button', [['label', 'Go'], ['icon', 'star']]));`, /button/, `${P}render(group('button', [['label', 'Go']]));`],
  ['a group in a text role', `${P}render(group('button', [['label', group(null, [])]]));`, /role "label" of a "button" must be a text particle/, `${P}render(group('button', [['label', 'Go']]));`],
  ['a missing required role', `${P}render(group('button', []));`, /button/, `${P}render(group('button', [['label', 'Go']]));`],
  ['an event the type does not accept', `${P}render(group('card', [['title', 'T']], { on: { click: () => {} } }));`, /accepts no events but has on\.click/, `${P}render(group('card', [['title', 'T']]));`],
  ['duplicate ids', `${P}render(group('list', [['a', 'x'], ['a', 'y']]));`, /"a"/, `${P}render(group('list', [['a', 'x'], ['b', 'y']]));`],
  ['a handler that is a string', `${P}render(group('button', [['label', 'Go']], { on: { click: 'save' } }));`, /on\.click must be a function.*\{ on: \{ click: \(event\) => \{ … \} \} \}/, `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`],
  ['render() with nothing', `${P}render();`, /render\(tree\): the tree must be a particle/, `${P}render(group(null, [['greeting', 'Hello']]));`],
  ['render with an array', `${P}render([['a', 'x']]);`, /render\(tree\): the tree must be a particle.*render\(group\(null, \[\["a", "x"\]\]\)\)/, `${P}render(group(null, [['a', 'x']]));`],
  ['a list child as a bare group without id', `${P}render(group('list', [group('card', [['title', 'x']])]));`, /child 0 must be an \[id, particle\] pair.*Give it an id/, `${P}render(group('list', [['c', group('card', [['title', 'x']])]]));`],
  ['a form without submit handler data', `${P}render(group('form', [['name', group('text-field', [['label', 'Name']])]], { on: { submit: { handler: () => {}, data: 'everything' } } }));`, /data/, `${P}render(group('form', [['name', group('text-field', [['label', 'Name']])]], { on: { submit: { handler: () => {}, data: 'formData' } } }));`],
  ['an image source as text', `${P}render(group('image', [['src', text('https://x/y.png')], ['alt', 'x']]));`, /src/, `${P}render(group('image', [['src', suip.data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', 'x']]));`],
  ['an unknown type in a deep list item', `${P}render(group('list', [['a', group('listitem', [])]]));`, /path \["a"\].*"listitem"/, `${P}render(group('list', [['a', 'An item']]));`],
];

describe('learnability: one mistake, one precise error, one fix that renders', () => {
  it(`has at least 30 cases (${CASES.length})`, () => expect(CASES.length).toBeGreaterThanOrEqual(30));
  for (const [name, program, says, fixed] of CASES) {
    it(name, async () => {
      const broken = await run(program);
      expect(broken.errors.join('\n'), `${name}: errors were ${JSON.stringify(broken.errors)}`).toMatch(says);
      // The message is for a model: no internal names of the runtime.
      expect(broken.errors.join('\n')).not.toMatch(/is not iterable|Cannot read properties|undefined is not/);
      const repaired = await run(fixed);
      expect(repaired.errors, `${name}: the fix still fails`).toEqual([]);
      expect(repaired.rendered).toBe(true);
    });
  }
});
