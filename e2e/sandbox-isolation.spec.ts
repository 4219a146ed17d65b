import { expect, test } from '@playwright/test';
import { attach, events, openHost, subtree } from './fixtures/sandbox/host-client.ts';

/** A counter whose button label is unique per generator; it also records every error it hears. */
const counter = (name: string) => `
const { text, group, render, onError } = suip;
let n = 0;
const errors = [];
onError((e) => { errors.push(e.code + ' ' + e.data?.index + ' ' + JSON.stringify(e.data?.path)); render(view()); });
const view = () => group(null, [
  ['count', text('${name} clicked ' + n)],
  ['errors', text('${name} errors: ' + errors.join(' | '))],
  ['inc', group('button', [['label', text('${name} button')]], { on: { click: () => { n++; render(view()); } } })],
]);
render(view());
`;

test('two generators cannot touch each other’s subtrees; events reach only the owner', async ({ page }) => {
  await openHost(page);
  expect(await attach(page, 'a', counter('A'))).toEqual({ ok: true, status: 'ready' });
  expect(await attach(page, 'b', counter('B'))).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('B clicked 0')).toBeVisible();
  const before = await subtree(page, 'b');

  // A tries to reach B by every path it could write: B's id, a path that starts at B, the merged root.
  const attackerCode = `
    const attempts = [
      [{ method: 'suip/ops/remove', params: { path: ['b'] } }],
      [{ method: 'suip/ops/append', params: { path: ['b'], id: 'x', particle: { text: 'owned' } } }],
      [{ method: 'suip/ops/replace', params: { path: ['b', 'count'], particle: { text: 'owned' } } }],
      [{ method: 'suip/ops/append', params: { path: ['..', 'b'], id: 'x', particle: { text: 'owned' } } }],
    ];
    for (const ops of attempts) await suip.ops(ops).catch(() => {});
    await suip.render(suip.group(null, [['done', suip.text('attacker done')]]));
  `;
  expect(await attach(page, 'attacker', attackerCode)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('attacker done')).toBeVisible();
  expect(await subtree(page, 'b')).toEqual(before);
  const rejected = (await events(page)).filter((e) => e.type === 'suip-error' && e.detail.generatorId === 'attacker');
  expect(rejected.map((e) => (e.detail as { error: { code: number } }).error.code)).toEqual([
    -32001, -32001, -32001, -32001,
  ]);

  // A click on B's button reaches B only.
  await page.getByText('B button').click();
  await expect(page.getByText('B clicked 1')).toBeVisible();
  await page.getByText('B button').click();
  await expect(page.getByText('B clicked 2')).toBeVisible();
  await expect(page.getByText('A clicked 0')).toBeVisible();
  await page.getByText('A button').click();
  await expect(page.getByText('A clicked 1')).toBeVisible();
  await expect(page.getByText('B clicked 2')).toBeVisible();
  expect((await subtree(page, 'a'))?.group[0]).toEqual(['count', { text: 'A clicked 1' }]);
  expect((await subtree(page, 'b'))?.group[0]).toEqual(['count', { text: 'B clicked 2' }]);
});

test('a rejected op reaches the generator: onError and the awaited call get code, index and path; the tree is unchanged', async ({
  page,
}) => {
  await openHost(page);
  const code = `
    const { text, group, render } = suip;
    const heard = [];
    suip.onError((e) => heard.push('hook ' + e.code + ' ' + e.data.index + ' ' + JSON.stringify(e.data.path)));
    await render(group(null, [['list', group(null, [])]]));
    let thrown = 'none';
    try {
      await suip.ops([
        { method: 'suip/ops/append', params: { path: ['list'], id: 'one', particle: { text: 'first' } } },
        { method: 'suip/ops/append', params: { path: ['missing'], id: 'two', particle: { text: 'second' } } },
      ]);
    } catch (e) {
      thrown = 'thrown ' + e.code + ' ' + e.data.index + ' ' + JSON.stringify(e.data.path) + ' ' + e.message;
    }
    await render(group(null, [['list', group(null, [])], ['heard', text(heard.join(';'))], ['thrown', text(thrown)]]));
  `;
  expect(await attach(page, 'g', code)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText(/^thrown /)).toBeVisible();
  const root = await subtree(page, 'g');
  // All or nothing: op 0 was valid but the transaction failed at op 1, so "list" stayed empty.
  expect(root?.group[0]).toEqual(['list', { group: [] }]);
  expect(root?.group[1]).toEqual(['heard', { text: 'hook -32001 1 ["missing"]' }]);
  const thrown = (root?.group[2]?.[1] as { text: string }).text;
  expect(thrown).toMatch(/^thrown -32001 1 \["missing"\] op 1 \(suip\/ops\/append\) at path \["missing"\]/);
  const reported = (await events(page)).find((e) => e.type === 'suip-error');
  expect((reported?.detail as { error: { data: unknown } }).error.data).toMatchObject({
    index: 1,
    path: ['missing'],
    method: 'suip/ops/append',
  });
});
