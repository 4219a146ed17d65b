import { expect, test } from '@playwright/test';
import { attach, openHost, subtree } from './fixtures/sandbox/host-client.ts';

/**
 * Issue 47: every refusal the view makes reaches the program's `onError` as a `Refused` (-32007)
 * warning naming the program's own path and the fix, through one path (renderer/view/refusals.ts
 * → ViewContext.refuse → shared/refusal-notice.ts); the rest of the UI is shown.
 */
const PROGRAM = `
const { text, data, group, render } = suip;
const heard = [];
const view = () => group(null, [
  ['md', text('Read [the terms](javascript:alert(1)) first.')],
  ['pic', group('image', [['src', data('https://img.example/cat.png', 'image/png')], ['alt', 'A cat']])],
  ['heard', text(heard.join('\\n'), 'text/plain')],
]);
suip.onError((e) => { heard.push(e.code + ' ' + JSON.stringify(e.data && e.data.path) + ' ' + e.message); render(view()); });
render(view());
`;

test('a javascript: markdown link and a remote image: the program hears each once, with its path and the fix', async ({
  page,
}) => {
  await openHost(page);
  expect(await attach(page, 'g', PROGRAM)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('A cat')).toBeVisible();
  const heard = async () =>
    ((await subtree(page, 'g'))?.group.find(([id]) => id === 'heard')?.[1] as { text?: string } | undefined)?.text ??
    '';
  await expect.poll(heard).toContain('["pic","src"]');
  await expect.poll(heard).toContain('["md"]');
  const lines = (await heard()).split('\n');
  expect(lines).toHaveLength(2);
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^-32007 \["md"\] at path \["md"\]: the link "javascript:alert\(1\)" was shown as plain text: .*; link to an absolute https: URL/,
    ),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^-32007 \["pic","src"\] at path \["pic","src"\]: the image\/png source "https:\/\/img\.example\/cat\.png" was replaced by a note: .*; embed the media as a data: URL/,
    ),
  );
  // Re-rendering (each notice re-renders the UI) repeats neither.
  await page.waitForTimeout(300);
  expect((await heard()).split('\n')).toHaveLength(2);
});
