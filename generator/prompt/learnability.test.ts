import { describe, expect, it } from 'vitest';
import type { GroupParticle, Particle } from '../../shared/index.ts';
import { createGroupChecker } from '../../core/vocabulary/check-group.ts';
import { BUILTIN_VOCABULARY } from '../../core/vocabulary/registry.ts';
import { parseTemplate, renderTemplate } from '../../adapters/canvas/widget/template.ts';
import { runProgram, type HarnessHost } from './program-harness.ts';

/**
 * The learnability suite (issue 19): programs with one mistake each, as a model writes them from
 * the prompt. Each must give an error that names the mistake, and the fix the error suggests must
 * make the program render with no error. Runs the real generator runtime against the real
 * renderer session, vocabulary check and host-policy check, in Node (program-harness.ts).
 */

const P = 'const { text, group, render } = suip;\n';

/** [what the model got wrong, the program, what the error must say, the program with the error's fix, the host]. */
const CASES: Array<[string, string, RegExp, string, HarnessHost?]> = [
  [
    'unknown type select',
    `${P}render(group('select', [['label', 'City']]));`,
    /"select".*did you mean group\("choice"/,
    `${P}render(group('choice', [['label', 'City'], ['oslo', 'Oslo'], ['rome', 'Rome']]));`,
  ],
  [
    'unknown type dropdown',
    `${P}render(group('dropdown', []));`,
    /did you mean group\("choice"/,
    `${P}render(group('choice', [['label', 'Pick'], ['x', 'X']]));`,
  ],
  [
    'unknown type heading',
    `${P}render(group('heading', [['title', 'Hi']]));`,
    /"heading".*did you mean group\("section"/,
    `${P}render(group('section', [['title', 'Hi']]));`,
  ],
  [
    'misspelt type',
    `${P}render(group('buton', [['label', 'Go']]));`,
    /did you mean group\("button"/,
    `${P}render(group('button', [['label', 'Go']]));`,
  ],
  [
    'type switch',
    `${P}render(group('switch', [['label', 'Dark']]));`,
    /did you mean group\("toggle"/,
    `${P}render(group('toggle', [['label', 'Dark']]));`,
  ],
  [
    'type img',
    `${P}render(group('img', []));`,
    /did you mean group\("image"/,
    `${P}render(group('image', [['src', suip.data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', 'A dot']]));`,
  ],
  [
    'nested unknown type',
    `${P}render(group('card', [['title', 'T'], ['pick', group('radio', [])]]));`,
    /path \["pick"\].*"radio".*group\("choice"/,
    `${P}render(group('card', [['title', 'T'], ['pick', group('choice', [['label', 'P'], ['a', 'A']])]]));`,
  ],
  [
    'children as an object',
    `${P}render(group('card', { title: text('Hi') }));`,
    /children must be an array of \[id, particle\] pairs.*group\("card", \[\["title", "Hello"\]/,
    `${P}render(group('card', [['title', text('Hi')]]));`,
  ],
  [
    'children as a string',
    `${P}render(group('card', 'Hello'));`,
    /children must be an array/,
    `${P}render(group('card', [['title', 'Hello']]));`,
  ],
  [
    'a bare string child',
    `${P}render(group('list', ['Milk', 'Bread']));`,
    /child 0 must be an \[id, particle\] pair.*\["item-0", "Milk"\]/,
    `${P}render(group('list', [['item-0', 'Milk'], ['item-1', 'Bread']]));`,
  ],
  [
    'a child without id',
    `${P}render(group('list', [text('Milk')]));`,
    /child 0 must be an \[id, particle\] pair/,
    `${P}render(group('list', [['milk', text('Milk')]]));`,
  ],
  [
    'a numeric id',
    `${P}render(group('list', [[1, 'Milk']]));`,
    /child 0 must be an \[id, particle\] pair with a string id/,
    `${P}render(group('list', [['1', 'Milk']]));`,
  ],
  [
    'a child that is not a particle',
    `${P}render(group('card', [['title', { label: 'x' }]]));`,
    /child "title" must be a particle/,
    `${P}render(group('card', [['title', 'x']]));`,
  ],
  [
    'onClick instead of on.click',
    `${P}render(group('button', [['label', 'Go']], { onClick: () => {} }));`,
    /handlers go inside "on": write \{ on: \{ click: \(\) => … \} \}/,
    `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`,
  ],
  [
    'onChange instead of on.change',
    `${P}render(group('toggle', [['label', 'On']], { onChange: () => {} }));`,
    /\{ on: \{ change:/,
    `${P}render(group('toggle', [['label', 'On']], { on: { change: () => {} } }));`,
  ],
  [
    'an unknown event',
    `${P}render(group('button', [['label', 'Go']], { on: { press: () => {} } }));`,
    /there is no event "press"; the events are click, input, change, submit, keydown/,
    `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`,
  ],
  [
    'an unknown option',
    `${P}render(group('button', [['label', 'Go']], { style: 'big' }));`,
    /unknown option "style"/,
    `${P}render(group('button', [['label', 'Go']]));`,
  ],
  [
    'options not an object',
    `${P}render(group('button', [['label', 'Go']], () => {}));`,
    /options must be an object like \{ on: \{ click/,
    `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`,
  ],
  [
    'a role a button does not have',
    `${P}render(group('button', [['label', 'Go'], ['icon', 'star']]));`,
    /button/,
    `${P}render(group('button', [['label', 'Go']]));`,
  ],
  [
    'a group in a text role',
    `${P}render(group('button', [['label', group(null, [])]]));`,
    /role "label" of a "button" must be a text particle/,
    `${P}render(group('button', [['label', 'Go']]));`,
  ],
  [
    'a missing required role',
    `${P}render(group('button', []));`,
    /button/,
    `${P}render(group('button', [['label', 'Go']]));`,
  ],
  [
    'an event the type does not accept',
    `${P}render(group('card', [['title', 'T']], { on: { click: () => {} } }));`,
    /accepts no events but has on\.click/,
    `${P}render(group('card', [['title', 'T']]));`,
  ],
  [
    'duplicate ids',
    `${P}render(group('list', [['a', 'x'], ['a', 'y']]));`,
    /"a"/,
    `${P}render(group('list', [['a', 'x'], ['b', 'y']]));`,
  ],
  [
    'a tone the vocabulary does not have',
    `${P}render(group('alert', [['tone', 'danger'], ['message', 'Disk full']]));`,
    /role "tone" of a "alert" is "danger", but it takes only "info", "success", "warning", "error", "neutral"; send \["tone", "info"\]/,
    `${P}render(group('alert', [['tone', 'error'], ['message', 'Disk full']]));`,
  ],
  [
    'a button tone in words',
    `${P}render(group('button', [['label', 'Delete'], ['tone', 'red']]));`,
    /takes only "primary", "secondary", "danger", "submit"/,
    `${P}render(group('button', [['label', 'Delete'], ['tone', 'danger']]));`,
  ],
  [
    'chart data in the wrong shape',
    `${P}render(group('chart-bar', [['title', 'Visits'], ['data', suip.text(JSON.stringify({ labels: ['Mon'], series: [{ name: 'Visits', values: [3] }] }), 'application/json')]]));`,
    /role "data" of a "chart-bar" must be JSON of the shape.*at \/: "datasets" is missing/,
    `${P}render(group('chart-bar', [['title', 'Visits'], ['data', suip.text(JSON.stringify({ labels: ['Mon'], datasets: [{ label: 'Visits', data: [3] }] }), 'application/json')]]));`,
  ],
  [
    'table rows that are not arrays',
    `${P}render(group('table', [['data', suip.text(JSON.stringify({ headers: ['a'], rows: [{ a: 1 }] }), 'application/json')]]));`,
    /"table".*at \/rows\/0: expected an array, got an object/,
    `${P}render(group('table', [['data', suip.text(JSON.stringify({ headers: ['a'], rows: [[1]] }), 'application/json')]]));`,
  ],
  [
    'a handler that is a string',
    `${P}render(group('button', [['label', 'Go']], { on: { click: 'save' } }));`,
    /on\.click must be a function.*\{ on: \{ click: \(event\) => \{ … \} \} \}/,
    `${P}render(group('button', [['label', 'Go']], { on: { click: () => {} } }));`,
  ],
  [
    'render() with nothing',
    `${P}render();`,
    /render\(tree\): the tree must be a particle/,
    `${P}render(group(null, [['greeting', 'Hello']]));`,
  ],
  [
    'render with an array',
    `${P}render([['a', 'x']]);`,
    /render\(tree\): the tree must be a particle.*render\(group\(null, \[\["a", "x"\]\]\)\)/,
    `${P}render(group(null, [['a', 'x']]));`,
  ],
  [
    'a list child as a bare group without id',
    `${P}render(group('list', [group('card', [['title', 'x']])]));`,
    /child 0 must be an \[id, particle\] pair.*Give it an id/,
    `${P}render(group('list', [['c', group('card', [['title', 'x']])]]));`,
  ],
  [
    'a form without submit handler data',
    `${P}render(group('form', [['name', group('text-field', [['label', 'Name']])]], { on: { submit: { handler: () => {}, data: 'everything' } } }));`,
    /data/,
    `${P}render(group('form', [['name', group('text-field', [['label', 'Name']])]], { on: { submit: { handler: () => {}, data: 'formData' } } }));`,
  ],
  [
    'an image source as text',
    `${P}render(group('image', [['src', text('https://x/y.png')], ['alt', 'x']]));`,
    /src/,
    `${P}render(group('image', [['src', suip.data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', 'x']]));`,
  ],
  [
    'a modal without a handler (the host hides it and the program never knew)',
    `${P}render(group('modal', [['title', 'Saved']]));`,
    /a "modal" needs an on\.click handler: Escape and its Close button fire it.*add \{ on: \{ click:/,
    `${P}let open = true;
const view = () => group(null, open ? [['m', group('modal', [['title', 'Saved']], { on: { click: () => { open = false; render(view()); } } })]] : [['done', 'Closed']]);
render(view());`,
  ],
  [
    'a toggle asking for data "value" (it would always be "on")',
    `${P}render(group('toggle', [['label', 'Dark']], { on: { change: { handler: (e) => {}, data: 'value' } } }));`,
    /on\.change of a "toggle" asks for data "value".*data: "checked"/,
    `${P}render(group('toggle', [['label', 'Dark']], { on: { change: { handler: (e) => {}, data: 'checked' } } }));`,
  ],
  [
    'a checkbox asking for data "value"',
    `${P}render(group('checkbox', [['label', 'Agree']], { on: { change: { handler: (e) => {}, data: 'value' } } }));`,
    /a "checkbox" has no text value.*e\.checked/,
    `${P}render(group('checkbox', [['label', 'Agree']], { on: { change: { handler: (e) => {}, data: 'checked' } } }));`,
  ],
  [
    'a calendar grid with its column count in words',
    `${P}render(group('grid', [['columns', 'seven'], ...['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => [d, d])]));`,
    /role "columns" of a "grid" is "seven", but it takes only "1" to "12"/,
    `${P}render(group('grid', [['columns', '7'], ...['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => [d, d])]));`,
  ],
  [
    'listening on an input channel the host never sends',
    `${P}suip.onInput('data', (v) => render(group(null, [['v', String(v)]])));\nrender(group(null, [['v', 'waiting']]));`,
    /onInput\("data", …\): the host never sends input on this channel; it sends on "props"/,
    `${P}suip.onInput('props', (v) => render(group(null, [['v', String(v)]])));\nrender(group(null, [['v', 'waiting']]));`,
    { inputs: ['props'] },
  ],
  [
    'a password field on a host that refuses credentials',
    `${P}render(group('form', [['user', group('text-field', [['label', 'User']])], ['pw', group('text-field', [['label', 'Password'], ['kind', 'password']])]], { on: { submit: { handler: () => {}, data: 'formData' } } }));`,
    /kind "password" collects a credential.*hostPolicy\.credentialInputs is off/,
    `${P}render(group('form', [['user', group('text-field', [['label', 'User']])]], { on: { submit: { handler: () => {}, data: 'formData' } } }));`,
  ],
  [
    'an unknown type in a deep list item',
    `${P}render(group('list', [['a', group('listitem', [])]]));`,
    /path \["a"\].*"listitem"/,
    `${P}render(group('list', [['a', 'An item']]));`,
  ],
  // Issue 47's probes: errors in the program's terms (its path, the range, the value to send).
  [
    'a grid of 20 columns',
    `${P}render(group('grid', [['columns', '20'], ['a', 'A']]));`,
    /role "columns" of a "grid" is "20", but it takes only "1" to "12"; send \["columns", "12"\]/,
    `${P}render(group('grid', [['columns', '12'], ['a', 'A']]));`,
  ],
  [
    'duplicate ids in a nested list',
    `${P}render(group('card', [['title', 'T'], ['list', group('list', [['a', 'x'], ['a', 'y']])]]));`,
    /the particle at \["root","list"\]\.group has the id "a" twice; ids must be unique among siblings/,
    `${P}render(group('card', [['title', 'T'], ['list', group('list', [['a', 'x'], ['b', 'y']])]]));`,
  ],
  [
    'too many children in a nested list',
    `${P}render(group('card', [['title', 'T'], ['list', group('list', Array.from({ length: 10001 }, (_, i) => ['i' + i, 'x']))]]));`,
    /the particle at \["root","list"\]\.group has 10001 children; maxChildren is 10000; nest them in sub-groups/,
    `${P}render(group('card', [['title', 'T'], ['list', group('list', Array.from({ length: 50 }, (_, i) => ['i' + i, 'x']))]]));`,
  ],
  [
    'a click handler on a text',
    `${P}render(group(null, [['t', { text: 'Hi', on: { click: () => {} } }]]));`,
    /the particle at \["t"\] is a text particle with "on"; in suip only group particles take "on".*wrap it in a group whose type accepts the event/,
    `${P}render(group(null, [['t', group('button', [['label', 'Hi']], { on: { click: () => {} } })]]));`,
  ],
  // The four probe kinds issue 47 added to the fifteen: a catalog's PascalCase type (seed 000's
  // style), output on a channel the host refuses, HTML in a text (below: a warning), `on` on data.
  [
    "a type in a GenUI catalog's PascalCase",
    `${P}render(group(null, [['go', group('ElevatedButton', [['label', 'Go']])]]));`,
    /the group at path \["go"\] has type "ElevatedButton", which this host does not have; did you mean group\("button", …\)\?/,
    `${P}render(group(null, [['go', group('button', [['label', 'Go']])]]));`,
  ],
  [
    "a widget name of a client's own catalog",
    `${P}render(group(null, [['stars', group('StarRating', [['value', '4']])]]));`,
    /the group at path \["stars"\] has type "StarRating", which this host does not have; did you mean group\("rating", …\)\?/,
    `${P}render(group(null, [['stars', group('rating', [['value', '4']])]]));`,
  ],
  [
    'a text written as a group',
    `${P}render(group(null, [['hello', group('Text', [['text', 'Hello']])]]));`,
    /the group at path \["hello"\] has type "Text", which this host does not have; a text is not a group in suip: write a plain string \["id", "…"\] or text\("…"\)/,
    `${P}render(group(null, [['hello', 'Hello']]));`,
  ],
  [
    'output on a channel the host does not accept',
    `${P}render(group(null, [['done', 'Booked']]));\nawait suip.output('booking', { seat: '4A' });`,
    /output\("booking", …\): the host does not accept output on this channel; it allows no output channel for this program; show the result in the program's own UI instead/,
    `${P}render(group(null, [['done', 'Booked seat 4A']]));`,
  ],
  [
    'an image with a click handler on its data',
    `${P}render(group('image', [['src', { data: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png', on: { click: () => {} } }], ['alt', 'A dot']]));`,
    /the particle at \["root","src"\] is a data particle with "on"; in suip only group particles take "on".*wrap it in a group whose type accepts the event/,
    `${P}render(group('image', [['src', suip.data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', 'A dot']]));`,
  ],
];

describe('learnability: one mistake, one precise error, one fix that renders', () => {
  it(`has at least 49 cases (${CASES.length})`, () => expect(CASES.length).toBeGreaterThanOrEqual(49));
  for (const [name, program, says, fixed, host] of CASES) {
    it(name, async () => {
      const broken = await runProgram(program, host);
      expect(broken.errors.join('\n'), `${name}: errors were ${JSON.stringify(broken.errors)}`).toMatch(says);
      // The message is for a model: no internal names of the runtime.
      expect(broken.errors.join('\n')).not.toMatch(/is not iterable|Cannot read properties|undefined is not/);
      const repaired = await runProgram(fixed, host);
      expect(repaired.errors, `${name}: the fix still fails`).toEqual([]);
      expect(repaired.rendered).toBe(true);
    });
  }
});

describe('learnability: the cases that used to pass in silence (issue 29)', () => {
  it('a handler that throws: the error names the handler and the message, and the next click still works', async () => {
    const run = await runProgram(`${P}let n = 0;
const view = () => group(null, [['count', 'Clicked ' + n], ['go', group('button', [['label', 'Go']], { on: { click: () => { n++; render(view()); if (n === 1) null.boom(); } } })]]);
render(view());`);
    expect(run.errors).toEqual([]);
    await run.click(['go']);
    expect(run.errors.join('\n')).toMatch(
      /the on\.click handler of the group at \["go"\] threw TypeError: .*null.*; the program keeps running/,
    );
    await run.click(['go']);
    expect(JSON.stringify(run.root)).toContain('Clicked 2');
  });

  it('a modal the user dismissed: a second modal is refused with the reason, and the program keeps its own UI', async () => {
    const program = `${P}render(group(null, [['m2', group('modal', [['title', 'Are you sure?']], { on: { click: () => {} } })]]));`;
    const refused = await runProgram(program, { modalDismissed: true });
    expect(refused.errors.join('\n')).toMatch(
      /the user dismissed this program's modal, so it may not open another; show the message in the program's own UI instead/,
    );
    const fixed = await runProgram(
      `${P}render(group(null, [['ask', group('alert', [['tone', 'warning'], ['message', 'Are you sure?']])]]));`,
      { modalDismissed: true },
    );
    expect(fixed.errors).toEqual([]);
  });
});

describe('learnability: every refusal is heard by the program (issue 47)', () => {
  it('a plain string that looks like markdown: a warning with the path and the fix, and the fix is quiet', async () => {
    const run = await runProgram(`${P}render(group('card', [['title', 'Bill'], ['total', '**Total**: 42']]));`);
    expect(run.errors).toEqual([]);
    expect(run.rendered).toBe(true);
    expect(run.heard.join('\n')).toMatch(
      /^at path \["root","total"\]: the plain string "\*\*Total\*\*: 42" is shown exactly as written, markdown marks and all; to format it, write text\("\*\*Total\*\*: 42"\) \(markdown\)/m,
    );
    const fixed = await runProgram(`${P}render(group('card', [['title', 'Bill'], ['total', text('**Total**: 42')]]));`);
    expect(fixed.heard).toEqual([]);
  });

  it('an onError that renders the warning shows it: the notice comes after the render that found it', async () => {
    const run = await runProgram(`${P}const heard = [];
const view = () => group(null, [['b', '**bold**'], ['heard', text(heard.join('; '), 'text/plain')]]);
suip.onError((e) => { heard.push(e.message); render(view()); });
render(view());`);
    expect(JSON.stringify(run.root)).toContain('is shown exactly as written, markdown marks and all');
  });

  it('the same warning once per string, however often the program renders it', async () => {
    const run = await runProgram(
      `${P}for (let i = 0; i < 50; i += 1) render(group(null, [['n', String(i)], ['b', '**bold**']]));`,
    );
    expect(run.heard.filter((message) => message.includes('**bold**'))).toHaveLength(1);
  });

  it('a loop of distinct markdown strings cannot flood onError: at most the per-second budget', async () => {
    const run = await runProgram(`${P}let n = 0; suip.onError(() => { n += 1; });
for (let i = 0; i < 500; i += 1) await render(group(null, [['b', '**bold ' + i + '**']]));
render(group(null, [['count', String(n)]]));`);
    const count = Number((run.root?.group.find(([id]) => id === 'count')?.[1] as { text?: string } | undefined)?.text);
    expect(count).toBeGreaterThan(0);
    // 8 per second with a burst of 8 (refusal-notice.test.ts checks it on a clock of its own): 250
    // would need the loop to run 30 s; it takes well under one.
    expect(count).toBeLessThan(250);
  });

  /** [the mistake, the text child, what the program hears, the fixed child]: HTML the host shows as written (issue 47). */
  const HTML: Array<[string, string, RegExp, string]> = [
    [
      'an HTML tag in a plain string',
      `'<b>Total</b>: 42'`,
      /^at path \["root","total"\]: the plain string "<b>Total<\/b>: 42" is shown exactly as written, the HTML tag "<b>" and all: the host draws no HTML; to format it, write markdown in text\(…\) instead \(\*\*bold\*\*/m,
      `text('**Total**: 42')`,
    ],
    [
      'an HTML tag in a markdown text',
      `text('Total: <span style="color:red">42</span>')`,
      /^at path \["root","total"\]: the HTML tag "<span style=\\"color:red\\">" in the markdown text is shown as written: the host draws no HTML; write markdown in text\(…\) instead/m,
      `text('Total: **42**')`,
    ],
    [
      'a text/html text',
      `text('<p>Total: <b>42</b></p>', 'text/html')`,
      /^at path \["root","total"\]: the text\/html text is shown as plain text, tags and all: the host draws no HTML; write markdown in text\(…\) instead/m,
      `text('Total: **42**')`,
    ],
  ];
  for (const [mistake, child, says, fixed] of HTML) {
    it(`${mistake}: a warning with the path and the fix, and the fix is quiet`, async () => {
      const run = await runProgram(`${P}render(group('card', [['title', 'Bill'], ['total', ${child}]]));`);
      expect(run.errors).toEqual([]);
      expect(run.heard.join('\n')).toMatch(says);
      const quiet = await runProgram(`${P}render(group('card', [['title', 'Bill'], ['total', ${fixed}]]));`);
      expect(quiet.heard).toEqual([]);
    });
  }

  it('HTML shown as code is meant: a tag in inline code or a fenced block, an autolink, a comparison', async () => {
    const run = await runProgram(
      `${P}render(group(null, [['a', text('Use \`<br>\` for a break')], ['b', text('\`\`\`\\n<div>x</div>\\n\`\`\`')], ['c', text('See <https://example.com>')], ['d', 'a < b and b > c']]));`,
    );
    expect(run.heard).toEqual([]);
  });

  it("onInput on a channel the host never sends: the program's onError hears it too, not only the throw", async () => {
    const run = await runProgram(
      `${P}try { suip.onInput('data', () => {}); } catch {}\nrender(group(null, [['v', 'waiting']]));`,
      { inputs: ['props'] },
    );
    expect(run.heard.join('\n')).toMatch(
      /onInput\("data", …\): the host never sends input on this channel; it sends on "props"/,
    );
  });
});

describe('learnability: a canvas widget template (seed 001) with one mistake (issue 47)', () => {
  /** [the mistake, the template, what the error must say (its place and the fix), the template with the fix]. */
  const TEMPLATES: Array<[string, string, RegExp, string]> = [
    [
      'an unclosed mustache',
      '<h1>Hi</h1>\n<p>{{name</p>',
      /"\{\{" at line 2, column 4 is never closed; close it with "\}\}"/,
      '<h1>Hi</h1>\n<p>{{name}}</p>',
    ],
    [
      'an unclosed each',
      '<ul>{{#each items}}<li>{{this}}</li></ul>',
      /\{\{#each\}\} opened at line 1, column 5 is never closed; close it with \{\{\/each\}\}/,
      '<ul>{{#each items}}<li>{{this}}</li>{{/each}}</ul>',
    ],
  ];
  for (const [mistake, template, says, fixed] of TEMPLATES) {
    it(mistake, () => {
      expect(() => parseTemplate(template)).toThrow(says);
      expect(renderTemplate(parseTemplate(fixed), { name: 'Ada', items: ['a'] })).toMatch(/Ada|<li>a<\/li>/);
    });
  }
});

/** One broken group per way a group can break its type, for every type of the vocabulary. */
function violations(): Array<[string, GroupParticle]> {
  const out: Array<[string, GroupParticle]> = [];
  const wrong = (kind: string): Particle => (kind === 'text' ? { group: [] } : { text: 'x', mimeType: 'text/plain' });
  for (const entry of BUILTIN_VOCABULARY) {
    const type = entry.type;
    if (entry.roles.some((role) => role.required)) out.push([`${type}: no children`, { type, group: [] }]);
    if (!entry.roles.some((role) => role.id === '*'))
      out.push([`${type}: unknown role`, { type, group: [['zzz-unknown', { text: 'x' }]] }]);
    for (const role of entry.roles.filter((r) => r.id !== '*' && r.kind !== 'any')) {
      out.push([`${type}.${role.id}: wrong kind`, { type, group: [[role.id, wrong(role.kind)]] }]);
      if (role.values)
        out.push([
          `${type}.${role.id}: a value it does not take`,
          { type, group: [[role.id, { text: 'zzz', mimeType: 'text/plain' }]] },
        ]);
      if (role.mimeTypes && role.kind !== 'group')
        out.push([
          `${type}.${role.id}: mime type`,
          {
            type,
            group: [
              [role.id, role.kind === 'data' ? { data: 'data:x/y,', mimeType: 'x/y' } : { text: 'x', mimeType: 'x/y' }],
            ],
          },
        ]);
      if (role.json !== undefined)
        out.push([
          `${type}.${role.id}: JSON shape`,
          { type, group: [[role.id, { text: '[]', mimeType: 'application/json' }]] },
        ]);
    }
    const event = ['keydown', 'submit', 'click'].find((name) => !entry.events.includes(name));
    if (event !== undefined)
      out.push([`${type}: on.${event}`, { type, group: [], on: { [event]: { handler: 'h1' } } }]);
  }
  return out;
}

describe('learnability: every error message of the vocabulary names a path and a fix (issue 47)', () => {
  const check = createGroupChecker(BUILTIN_VOCABULARY);
  const cases = violations();
  it(`covers every type (${cases.length} broken groups)`, () =>
    expect(cases.length).toBeGreaterThan(BUILTIN_VOCABULARY.length * 2));
  it('each message starts at the program path and ends with what to do', () => {
    const vague: string[] = [];
    for (const [name, group] of cases) {
      const issue = check(group, ['root', 'x']);
      if (issue === undefined) continue;
      const fix = issue.message.slice(issue.message.lastIndexOf(';') + 1).trim();
      const ok =
        issue.message.startsWith(`the "${group.type}" group at ["root","x"]: `) &&
        /^(send|add|use|wrap|remove|rename|put|ask|write|give|choose|nest|link|embed|did you mean)\b/.test(fix);
      if (!ok) vague.push(`${name}: ${issue.message}`);
    }
    expect(vague).toEqual([]);
  });
});
