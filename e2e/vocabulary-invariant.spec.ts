import { expect, test } from '@playwright/test';
import { attach, events, openHost, subtree } from './fixtures/sandbox/host-client.ts';

/**
 * Issue 20 through the real sandbox: replacing a child with something its parent's type forbids
 * is refused with -32004 exactly like appending the same tree, whether the program sends the op
 * itself or `render()`'s diff emits it; the tree and the DOM stay as they were.
 */

const CASES = [
  {
    name: 'a button label replaced by a group',
    valid: "group('button', [['label', text('Save', 'text/plain')]])",
    path: ['b', 'label'],
    bad: '{ group: [] }',
    badTree: "group('button', [['label', group(null, [])]])",
    says: 'role "label" of a "button" must be a text particle but is a group',
  },
  {
    name: 'an image source replaced by a text',
    valid:
      "group('image', [['src', data('data:image/png;base64,iVBORw0KGgo=', 'image/png')], ['alt', text('A dot', 'text/plain')]])",
    path: ['b', 'src'],
    bad: "{ text: 'https://example.com/x.png' }",
    badTree: "group('image', [['src', text('https://example.com/x.png')], ['alt', text('A dot', 'text/plain')]])",
    says: '"image"',
  },
  {
    name: 'table data replaced by a group',
    valid: "group('table', [['data', text(JSON.stringify({ columns: ['a'], rows: [[1]] }), 'application/json')]])",
    path: ['b', 'data'],
    bad: '{ group: [] }',
    badTree: "group('table', [['data', group(null, [])]])",
    says: '"table"',
  },
  {
    name: 'a stat inside stats replaced by a text',
    valid:
      "group('stats', [['s1', group('stat', [['label', text('Users', 'text/plain')], ['value', text('42', 'text/plain')]])]])",
    path: ['b', 's1'],
    bad: "{ text: 'oops' }",
    badTree: "group('stats', [['s1', text('oops')]])",
    says: '"stats"',
  },
];

for (const c of CASES) {
  test(`${c.name}: refused with -32004 by raw op and by render(); the tree and what is shown unchanged`, async ({
    page,
  }) => {
    await openHost(page);
    const code = `const { render, group, text, data, ops, onError } = suip;
const outcomes = [];
const show = () => render(group(null, [['b', ${c.valid}], ['log', text(outcomes.join(' | ') || 'none', 'text/plain')]]));
await show();
for (const attempt of [
  () => ops([{ method: 'suip/ops/replace', params: { path: ${JSON.stringify(c.path)}, particle: ${c.bad} } }]),
  () => render(group(null, [['b', ${c.badTree}], ['log', text(outcomes.join(' | ') || 'none', 'text/plain')]])),
]) {
  try { await attempt(); outcomes.push('accepted'); } catch (e) { outcomes.push(String(e.code)); }
}
await show();`;
    expect(await attach(page, 'g', code)).toMatchObject({ ok: true });
    const log = page.locator('suip-tree').getByText(/^-32004 \| -32004$|accepted/);
    await expect(log).toHaveText('-32004 | -32004', { timeout: 15_000 });
    const tree = (await subtree(page, 'g')) as { group: Array<[string, unknown]> };
    // What is shown is still the valid tree: the refused ops changed nothing.
    expect(JSON.stringify(tree.group[0])).not.toContain('oops');
    expect(JSON.stringify(tree.group[0])).not.toContain('example.com/x.png');
    // And the screen never showed the broken states the issue saw (an empty button, fallbacks).
    await expect(page.getByText(/Media not shown|not valid JSON|Unknown type/)).toHaveCount(0);
    const errors = (await events(page))
      .filter((e) => e.type === 'suip-error')
      .map((e) => (e.detail as { error: { code: number; message: string } }).error);
    expect(errors.filter((e) => e.code === -32004).length).toBeGreaterThanOrEqual(2);
    expect(errors.find((e) => e.code === -32004)!.message).toContain(c.says);
  });
}
