import { expect, test, type Page } from '@playwright/test';
import type { GroupParticle, Particle } from '../shared/index.ts';
import { events, mount, openView } from './vocabulary-helpers.ts';

const plain = (text: string): Particle => ({ text, mimeType: 'text/plain' });
const field = (type: string, label: string, extra: [string, Particle][] = [], on?: GroupParticle['on']): Particle =>
  ({ type, group: [['label', plain(label)], ...extra], ...(on ? { on } : {}) }) as Particle;

/** A sign-up form as a generator would render it; `errors` adds validation messages next to fields. */
function signup(errors: Record<string, string> = {}): Particle {
  const withError = (id: string, p: Particle): Particle =>
    errors[id] && 'group' in p ? { ...p, group: [...p.group, ['error', plain(errors[id])]] } : p;
  return {
    type: 'form',
    on: { submit: { handler: 'h-submit', preventDefault: true, data: 'formData' } },
    group: [
      ['title', plain('Sign up')],
      ['name', withError('name', field('text-field', 'Name'))],
      ['email', withError('email', field('text-field', 'Email', [['kind', plain('email')]]))],
      [
        'size',
        field('choice', 'Size', [
          ['s', plain('Small')],
          ['m', plain('Medium')],
        ]),
      ],
      [
        'extras',
        field('multi-choice', 'Extras', [
          ['a', plain('Cheese')],
          ['b', plain('Olives')],
          ['c', plain('Basil')],
        ]),
      ],
      ['news', field('checkbox', 'Newsletter')],
      [
        'row',
        {
          type: 'row',
          group: [
            ['when', field('date-field', 'Arrival', [['value', plain('2026-11-21')]])],
            ['vol', field('slider', 'Volume', [['value', plain('30')]])],
          ],
        },
      ],
      ['submit', plain('Create account')],
    ],
  };
}

async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
}
async function stillSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(new URL(page.url()).search).toBe('');
}

test.describe('vocabulary forms and events', () => {
  test('typing, choosing and submitting delivers formData entries named by control ids, without navigating', async ({
    page,
  }) => {
    await openView(page);
    await mount(page, signup());
    await markPage(page);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByLabel('Medium').check();
    await page.getByLabel('Cheese').check();
    await page.getByLabel('Basil').check();
    await page.getByLabel('Newsletter').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(async () => (await events(page)).filter((e) => e.event === 'submit').length).toBe(1);
    const submit = (await events(page)).find((e) => e.event === 'submit')!;
    expect(submit).toEqual({
      path: ['gen'],
      event: 'submit',
      handler: 'h-submit',
      payload: {
        formData: [
          ['name', 'Ada Lovelace'],
          ['email', 'ada@example.org'],
          ['size', 'm'],
          ['extras', 'a\nc'],
          ['news', 'true'],
          ['when', '2026-11-21'],
          ['vol', '30'],
        ],
      },
    });
    await stillSamePage(page);
    // Enter in a text field submits the same form, still without navigation.
    await page.getByLabel('Name').press('Enter');
    await expect.poll(async () => (await events(page)).filter((e) => e.event === 'submit').length).toBe(2);
    await stillSamePage(page);
  });

  test('validation errors the generator renders appear next to their fields, typed input kept', async ({ page }) => {
    await openView(page);
    await mount(page, signup());
    // Play the generator: on submit, reply with an error for every empty field.
    await page.evaluate((src) => {
      const f = (
        window as unknown as {
          fixture: {
            onEvent?: (e: { payload: { formData: [string, string][] } }) => void;
            mount(p: unknown): Promise<void>;
          };
        }
      ).fixture;
      const build = new Function('errors', `return (${src})(errors)`) as (e: Record<string, string>) => unknown;
      f.onEvent = (e) => {
        const errors: Record<string, string> = {};
        for (const [k, v] of e.payload.formData)
          if ((k === 'name' || k === 'email') && v === '') errors[k] = `${k === 'name' ? 'Name' : 'Email'} is required`;
        void f.mount(build(errors));
      };
    }, `function signup(errors) { const plain = (text) => ({ text, mimeType: 'text/plain' }); const field = (type, label, extra = []) => ({ type, group: [['label', plain(label)], ...extra] }); const withError = (id, p) => errors[id] ? { ...p, group: [...p.group, ['error', plain(errors[id])]] } : p; return { type: 'form', on: { submit: { handler: 'h-submit', preventDefault: true, data: 'formData' } }, group: [['title', plain('Sign up')], ['name', withError('name', field('text-field', 'Name'))], ['email', withError('email', field('text-field', 'Email', [['kind', plain('email')]]))], ['submit', plain('Create account')]] }; }`);
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Create account' }).click();
    const email = page.getByLabel('Email');
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email is required');
    await expect(page.getByText('Name is required')).toHaveCount(0);
    await expect(page.getByLabel('Name')).toHaveValue('Ada');
  });

  test('input events are debounced and flushed before change; value payloads carry the text', async ({ page }) => {
    await openView(page);
    await mount(
      page,
      field('text-field', 'City', [], {
        input: { handler: 'h-in', data: 'value' },
        change: { handler: 'h-ch', data: 'value' },
      }),
    );
    await page.getByLabel('City').pressSequentially('Paris', { delay: 10 });
    await page.getByLabel('City').blur();
    await expect.poll(async () => (await events(page)).at(-1)?.event).toBe('change');
    const seen = await events(page);
    const inputs = seen.filter((e) => e.event === 'input');
    // Five keystrokes 10 ms apart are one input event; on a loaded CI machine a stall longer than
    // the debounce window between two keys (once seen) splits them, so "fewer than the keys" it is.
    expect(inputs.length).toBeGreaterThanOrEqual(1);
    expect(inputs.length).toBeLessThan(5);
    // The pending input is flushed before change, carrying the whole text.
    expect(seen.map((e) => e.event)).toEqual([...inputs.map(() => 'input'), 'change']);
    expect(inputs.at(-1)!.payload).toEqual({ value: 'Paris' });
    expect(seen.at(-1)!.payload).toEqual({ value: 'Paris' });
  });

  test('a slider whose handler re-renders with its value: no host page error through 50 inputs, hint and error follow', async ({
    page,
  }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openView(page);
    // Play the generator: every input re-renders the slider with its new value, a hint and (above 80) an error.
    await page.evaluate(() => {
      const f = (
        window as unknown as {
          fixture: { onEvent?: (e: { payload: { value?: string } }) => void; mount(p: unknown): Promise<void> };
        }
      ).fixture;
      const plain = (text: string) => ({ text, mimeType: 'text/plain' });
      const slider = (value: string) => ({
        type: 'slider',
        on: { input: { handler: 'h-vol', data: 'value' } },
        group: [
          ['label', plain('Volume')],
          ['value', plain(value)],
          ['hint', plain(`Now ${value}`)],
          ...(Number(value) > 80 ? [['error', plain('Too loud')]] : []),
        ],
      });
      f.onEvent = (e) => void f.mount(slider(e.payload.value ?? '0'));
      void f.mount(slider('40'));
    });
    const range = page.getByRole('slider', { name: 'Volume' });
    await expect(range).toHaveValue('40');
    for (let i = 0; i < 50; i += 1) await range.press('ArrowRight', { delay: 5 });
    await expect(range).toHaveValue('90');
    await expect(page.getByText('Now 90')).toBeVisible();
    await expect(page.getByText('Too loud')).toBeVisible();
    await expect(page.locator('suip-slider').locator('output')).toHaveText('90');
    expect(pageErrors).toEqual([]);
  });

  test('keydown honours the keys filter and preventDefault; clicks and checked payloads', async ({ page }) => {
    await openView(page);
    await mount(page, {
      type: 'column',
      group: [
        [
          'q',
          field('text-field', 'Search', [], { keydown: { handler: 'h-key', keys: ['Enter'], preventDefault: true } }),
        ],
        ['ok', { type: 'button', group: [['label', plain('OK')]], on: { click: { handler: 'h-ok' } } }],
        ['dark', field('toggle', 'Dark mode', [], { change: { handler: 'h-dark', data: 'checked' } })],
      ],
    });
    await page.getByLabel('Search').press('a');
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('button', { name: 'OK' }).press('Enter');
    await page.getByRole('switch', { name: 'Dark mode' }).check();
    await page.getByText('Dark mode').click();
    await expect.poll(async () => (await events(page)).length).toBe(4);
    expect(await events(page)).toEqual([
      { path: ['gen', 'q'], event: 'keydown', handler: 'h-key', payload: null, key: 'Enter' },
      { path: ['gen', 'ok'], event: 'click', handler: 'h-ok', payload: null },
      { path: ['gen', 'dark'], event: 'change', handler: 'h-dark', payload: { checked: true } },
      { path: ['gen', 'dark'], event: 'change', handler: 'h-dark', payload: { checked: false } },
    ]);
  });

  for (const atomic of [true, false]) {
    test(`a keyed reverse keeps the same input element with its focus, caret and typed value (${atomic ? 'moveBefore' : 'without moveBefore: refocus'})`, async ({
      page,
    }) => {
      if (!atomic) {
        await page.addInitScript(() => {
          for (const proto of [Element.prototype, Document.prototype, DocumentFragment.prototype])
            Object.defineProperty(proto, 'moveBefore', { value: undefined, configurable: true });
        });
      }
      await openView(page);
      const items = ['a', 'b', 'c', 'd'].map((id): [string, Particle] => [id, field('text-field', `Item ${id}`)]);
      await mount(page, { type: 'list', group: items });
      const input = page.getByLabel('Item c');
      await input.fill('hello world');
      await input.press('Home');
      for (let i = 0; i < 5; i += 1) await input.press('ArrowRight');
      // Keep a handle on the DOM node before the move.
      await page.evaluate(() => {
        const deep = (root: Document | ShadowRoot): Element | null =>
          root.activeElement?.shadowRoot ? deep(root.activeElement.shadowRoot) : root.activeElement;
        (window as unknown as { before: Element | null }).before = deep(document);
      });
      // Same particle objects, reversed order: what the renderer's tree gives after a move transaction.
      await page.evaluate(() => {
        const f = (window as unknown as { fixture: { setRoot(r: unknown): Promise<void> } }).fixture;
        const tree = document.querySelector('#tree') as unknown as {
          root: { group: [string, { group: unknown[] }][] };
        };
        const gen = tree.root.group[0]![1];
        return f.setRoot({ group: [['gen', { ...gen, group: [...gen.group].reverse() }]] });
      });
      const state = await page.evaluate(() => {
        const deep = (root: Document | ShadowRoot): Element | null =>
          root.activeElement?.shadowRoot ? deep(root.activeElement.shadowRoot) : root.activeElement;
        const active = deep(document) as HTMLInputElement;
        const labels = [
          ...document
            .querySelector('#tree')!
            .shadowRoot!.querySelector('suip-list')!
            .shadowRoot!.querySelectorAll('suip-text-field'),
        ].map((el) => el.shadowRoot!.querySelector('label')!.textContent);
        return {
          same: active === (window as unknown as { before: Element }).before,
          value: active.value,
          caret: active.selectionStart,
          labels,
        };
      });
      expect(state).toEqual({
        same: true,
        value: 'hello world',
        caret: 5,
        labels: ['Item d', 'Item c', 'Item b', 'Item a'],
      });
    });
  }
});
