import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { attach, events, openHost } from './fixtures/sandbox/host-client.ts';

/**
 * Issue 29's measurement, kept as a regression suite: ten requests the learnability suites never
 * had (a month calendar, a keypad, a sign-in box the default host refuses passwords for, …),
 * answered first try by a fresh model session that read nothing but the generated system prompt
 * (`generator/prompt/print-prompt.ts`). Each answer names a text it shows, a control to use and
 * the text that follows; all ten must work in the real sandbox with no error.
 */

interface Answer {
  request: string;
  code: string;
  shows: string;
  click: { role: 'button' | 'checkbox' | 'switch' | 'tab' | 'radio' | 'text'; name: string };
  then: string;
}

const DIR = new URL('./fixtures/learnability/unseen/', import.meta.url);

for (const file of readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()) {
  const answer = JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as Answer;
  test(`unseen, first try: ${answer.request}`, async ({ page }) => {
    await openHost(page);
    expect(await attach(page, 'g', answer.code)).toMatchObject({ ok: true });
    const tree = page.locator('suip-tree');
    await expect(tree.getByText(answer.shows, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    const { role, name } = answer.click;
    await (role === 'text' ? tree.getByText(name, { exact: true }) : tree.getByRole(role, { name })).first().click();
    await expect(tree.getByText(answer.then, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(tree.locator('suip-unknown')).toHaveCount(0);
    const errors = (await events(page)).filter(
      (e) => e.type === 'suip-error' || (e.detail as { status?: string }).status === 'error',
    );
    expect(errors).toEqual([]);
  });
}
