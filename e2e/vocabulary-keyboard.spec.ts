import { expect, test } from '@playwright/test';
import type { Particle } from '../shared/index.ts';
import { events, mount, openView } from './vocabulary-helpers.ts';

const plain = (text: string): Particle => ({ text, mimeType: 'text/plain' });
const section = (title: string, body: string): Particle => ({
  type: 'section',
  group: [
    ['title', plain(title)],
    ['body', { text: body }],
  ],
});

test.describe('vocabulary keyboard operation', () => {
  test('tabs: arrow keys, Home and End move the selection and report it; panels keep their state', async ({ page }) => {
    await openView(page);
    await mount(page, {
      type: 'tabs',
      on: { change: { handler: 'h-tab', data: 'value' } },
      group: [
        ['one', section('One', 'First panel')],
        [
          'two',
          {
            type: 'section',
            group: [
              ['title', plain('Two')],
              ['f', { type: 'text-field', group: [['label', plain('Note')]] }],
            ],
          },
        ],
        ['three', section('Three', 'Third panel')],
      ],
    });
    const tab = (name: string) => page.getByRole('tab', { name });
    await expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'One' })).toBeVisible();
    await tab('One').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Two')).toBeFocused();
    await expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Note').fill('kept');
    await tab('Two').focus();
    await page.keyboard.press('End');
    await expect(tab('Three')).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Three' })).toBeVisible();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Three')).toBeFocused();
    await tab('Two').click();
    await expect(page.getByLabel('Note')).toHaveValue('kept');
    expect((await events(page)).map((e) => e.payload)).toEqual([
      { value: 'two' },
      { value: 'three' },
      { value: 'one' },
      { value: 'three' },
      { value: 'two' },
    ]);
  });

  test('accordion opens with the keyboard; a modal is operated with the keyboard, Escape closes it and reports a click', async ({
    page,
  }) => {
    await openView(page);
    await mount(page, { type: 'accordion', group: [['a', section('Shipping', 'Ships in **2 days**')]] });
    const summary = page.getByText('Shipping');
    await summary.focus();
    await expect(page.getByText('Ships in')).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ships in')).toBeVisible();

    await mount(page, {
      type: 'modal',
      on: { click: { handler: 'h-close' } },
      group: [
        ['title', plain('Confirm')],
        ['ok', { type: 'button', group: [['label', plain('OK')]] }],
      ],
    });
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await expect(dialog).toBeVisible();
    // The modal stays in the renderer's box (issue 21): it does not make the page inert, and its
    // own buttons are reached with Tab in order.
    const focused = () =>
      page.evaluate(() => {
        if (document.activeElement === document.body) return undefined;
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el?.textContent?.trim();
      });
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      seen.add(await focused());
    }
    expect([...seen].filter((t) => t === 'Close' || t === 'OK').sort()).toEqual(['Close', 'OK']);
    await dialog.getByRole('button', { name: 'OK' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await events(page)).map((e) => [e.event, e.handler]))
      .toEqual([['click', 'h-close']]);
  });
});
