import { expect, test, type Page } from '@playwright/test';
import type { GroupParticle, Particle } from '../shared/index.ts';
import { mount, openView } from './vocabulary-helpers.ts';

/**
 * How an update reaches the screen (renderer/view/forward-children.ts): a group whose particle
 * changed only below it hands the changed children to their elements instead of re-rendering,
 * and re-renders whenever its own template shows what changed. Renders are counted per tag by the
 * fixture; the DOM is checked after every step.
 */

interface Fixture {
  replaceAt(path: string[], particle: Particle): Promise<void>;
  renders(): Record<string, number>;
}

const replaceAt = (page: Page, path: string[], particle: Particle) =>
  page.evaluate(([p, q]) => (window as unknown as { fixture: Fixture }).fixture.replaceAt(p, q), [
    path,
    particle,
  ] as const);
const renders = (page: Page) => page.evaluate(() => (window as unknown as { fixture: Fixture }).fixture.renders());

const item = (text: string): GroupParticle => ({ group: [['t', { text }]] });

test.beforeEach(async ({ page }) => {
  await openView(page);
});

test('a token in one leaf of a 500-item list renders that leaf only: neither the tree nor any group on its path re-renders', async ({
  page,
}) => {
  const items = Array.from({ length: 500 }, (_, k) => [`i${k}`, item(`item ${k}`)] as [string, Particle]);
  await mount(page, { group: [['list', { type: 'list', group: items }]] });
  await renders(page);
  await replaceAt(page, ['gen', 'list', 'i250', 't'], { text: 'item 250 grows' });
  expect(await renders(page)).toEqual({ 'suip-text': 1 });
  const list = page.getByRole('list');
  await expect(list.getByRole('listitem').nth(250)).toHaveText('item 250 grows');
  await expect(list.getByRole('listitem').nth(249)).toHaveText('item 249');
  await expect(list.getByRole('listitem')).toHaveCount(500);
  // A second token on the same leaf: the forwarded particle is the one the next update starts from.
  await replaceAt(page, ['gen', 'list', 'i250', 't'], { text: 'item 250 grows more' });
  expect(await renders(page)).toEqual({ 'suip-text': 1 });
  await expect(list.getByRole('listitem').nth(250)).toHaveText('item 250 grows more');
});

test('a card re-renders when the title its own template shows changes, and only forwards a change of its body', async ({
  page,
}) => {
  await mount(page, {
    group: [
      [
        'card',
        {
          type: 'card',
          group: [
            ['title', { text: 'Weather', mimeType: 'text/plain' }],
            ['body', { text: 'Sunny' }],
          ],
        },
      ],
    ],
  });
  await renders(page);
  await replaceAt(page, ['gen', 'card', 'body'], { text: 'Rain later' });
  expect(await renders(page)).toEqual({ 'suip-text': 1 });
  await expect(page.getByRole('article', { name: 'Weather' })).toContainText('Rain later');
  await replaceAt(page, ['gen', 'card', 'title'], { text: 'Forecast', mimeType: 'text/plain' });
  expect((await renders(page))['suip-card']).toBe(1);
  await expect(page.getByRole('article', { name: 'Forecast' })).toContainText('Rain later');
});

test('a child that changes kind or type, or a group whose handlers change, is re-rendered by its parent', async ({
  page,
}) => {
  await mount(page, {
    group: [
      [
        'list',
        {
          type: 'list',
          group: [
            ['a', item('alpha')],
            ['b', item('beta')],
          ],
        },
      ],
    ],
  });
  await renders(page);
  await replaceAt(page, ['gen', 'list', 'b'], { text: 'now a text leaf' });
  expect((await renders(page))['suip-list']).toBe(1);
  await expect(page.getByRole('listitem').nth(1)).toHaveText('now a text leaf');
  await replaceAt(page, ['gen', 'list', 'b'], {
    type: 'badge',
    group: [['label', { text: 'New', mimeType: 'text/plain' }]],
  });
  expect((await renders(page))['suip-list']).toBe(1);
  await expect(page.getByRole('listitem').nth(1)).toHaveText('New');
  await replaceAt(page, ['gen', 'list', 'a'], { group: [['t', { text: 'alpha' }]], on: { click: { handler: 'h' } } });
  expect((await renders(page))['suip-group']).toBe(1);
  await page.getByRole('listitem').first().getByText('alpha').click();
  const events = await page.evaluate(
    () => (window as unknown as { fixture: { events: { handler: string }[] } }).fixture.events,
  );
  expect(events.map((e) => e.handler)).toEqual(['h']);
});

test('an accordion, whose summaries read its children, re-renders when a section title changes', async ({ page }) => {
  const section = (title: string): GroupParticle => ({
    type: 'section',
    group: [
      ['title', { text: title, mimeType: 'text/plain' }],
      ['body', { text: 'Details' }],
    ],
  });
  await mount(page, {
    group: [
      [
        'faq',
        {
          type: 'accordion',
          group: [
            ['q1', section('Shipping')],
            ['q2', section('Returns')],
          ],
        },
      ],
    ],
  });
  await expect(page.getByText('Returns', { exact: true })).toBeVisible();
  await renders(page);
  await replaceAt(page, ['gen', 'faq', 'q2', 'title'], { text: 'Refunds', mimeType: 'text/plain' });
  expect((await renders(page))['suip-accordion']).toBe(1);
  await expect(page.getByText('Refunds', { exact: true })).toBeVisible();
  await expect(page.getByText('Returns', { exact: true })).toHaveCount(0);
});

test('plain text leaves and plain groups carry no stylesheet yet are laid out (a plain paragraph in a group as its own block); markdown leaves adopt theirs', async ({
  page,
}) => {
  await mount(page, {
    group: [
      ['plain', { text: 'Just words' }],
      ['rich', { text: '**Bold** and `code`' }],
      ['box', { group: [['inner', { text: 'inside' }]] }],
      [
        'pair',
        {
          group: [
            ['x', { text: 'one' }],
            ['y', { text: 'two' }],
          ],
        },
      ],
    ],
  });
  const shape = await page.evaluate(() => {
    const out: Record<string, { shadow: boolean; styled: boolean; scopeSheets: number; display: string }> = {};
    const walk = (root: Document | ShadowRoot): void => {
      for (const el of root.querySelectorAll('suip-text, suip-group')) {
        const key = `${el.localName}:${(el as unknown as { path: string[] }).path.join('/')}`;
        out[key] = {
          shadow: el.shadowRoot !== null,
          styled: el.hasAttribute('data-suip-styled'),
          scopeSheets: (el.getRootNode() as ShadowRoot).adoptedStyleSheets.length,
          display: getComputedStyle(el).display,
        };
        if (el.shadowRoot) walk(el.shadowRoot);
      }
      for (const el of root.querySelectorAll('*'))
        if (el.shadowRoot && !el.localName.match(/^suip-(text|group)$/)) walk(el.shadowRoot);
    };
    walk(document);
    return out;
  });
  // Text leaves and plain groups render in their own light DOM, in the tree's style scope
  // (renderer/view/light-root.ts): no shadow root of their own, and a plain paragraph adds no sheet there.
  const plain = { shadow: false, styled: false, scopeSheets: shape['suip-group:gen']!.scopeSheets };
  // A plain paragraph in a plain group: the host makes no box, the paragraph is the block (e2e/text-leaf-box.spec.ts).
  expect(shape['suip-text:gen/plain']).toEqual({ ...plain, display: 'contents' });
  expect(shape['suip-text:gen/box/inner']).toEqual({ ...plain, display: 'contents' });
  // A plain group holding one text in a plain group makes no box either (e2e/group-item-box.spec.ts); with two children it is the flex column.
  expect(shape['suip-group:gen/box']).toEqual({ ...plain, display: 'contents' });
  expect(shape['suip-group:gen/pair']).toEqual({ ...plain, display: 'flex' });
  // Markdown adopts the text's sheet into the scope it sits in, once.
  expect(shape['suip-text:gen/rich']).toMatchObject({ shadow: false, styled: true });
  // The paragraph has no margin of its own, as the markdown path's single paragraph has none.
  const box = await page.getByText('Just words').evaluate((p) => {
    const style = getComputedStyle(p);
    return `${style.display} ${style.margin} ${style.minWidth}`;
  });
  expect(box).toBe('block 0px 0px');
});

test('a streamed paragraph grows by appends to one text node; a rewrite replaces its text', async ({ page }) => {
  await mount(page, { group: [['p', { text: 'Hello' }]] });
  const textNode = () =>
    page.evaluate(() => {
      const find = (root: Document | ShadowRoot): Text | undefined => {
        for (const el of root.querySelectorAll('*')) {
          if (el.localName === 'suip-text')
            return [...(el.querySelector('p')?.childNodes ?? [])].find((n): n is Text => n instanceof Text);
          const inner = el.shadowRoot && find(el.shadowRoot);
          if (inner) return inner;
        }
        return undefined;
      };
      const node = find(document)!;
      const w = window as unknown as { first?: Text };
      w.first ??= node;
      return { data: node.data, same: w.first === node, appends: (w as { appends?: number }).appends ?? 0 };
    });
  await replaceAt(page, ['gen', 'p'], { text: 'Hello' });
  expect(await textNode()).toMatchObject({ data: 'Hello', same: true });
  await page.evaluate(() => {
    const original = Text.prototype.appendData;
    Text.prototype.appendData = function counted(this: Text, data: string) {
      const w = window as unknown as { appends?: number };
      w.appends = (w.appends ?? 0) + 1;
      return original.call(this, data);
    };
  });
  for (const text of [' Hello wor', ' Hello world', ' Hello world, again'])
    await replaceAt(page, ['gen', 'p'], { text });
  // " Hello wor" drops the space markdown drops, so "Hello" grows to "Hello wor", then by appends.
  expect(await textNode()).toEqual({ data: 'Hello world, again', same: true, appends: 3 });
  await replaceAt(page, ['gen', 'p'], { text: 'Goodbye' });
  expect(await textNode()).toEqual({ data: 'Goodbye', same: true, appends: 3 });
  await expect(page.getByText('Goodbye')).toBeVisible();
});

test('a streamed markdown heading keeps its element while it grows; markup inside it goes through the markdown pipeline', async ({
  page,
}) => {
  await mount(page, { group: [['h', { text: '## Book' }]] });
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Book');
  await heading.evaluate((h) => ((h as unknown as { mark: string }).mark = 'first'));
  for (const text of ['## Book a', '## Book a ta', '## Book a table']) await replaceAt(page, ['gen', 'h'], { text });
  await expect(heading).toHaveText('Book a table');
  expect(await heading.evaluate((h) => (h as unknown as { mark?: string }).mark)).toBe('first');
  // Emphasis is markup: rendered by markdown-it, as before.
  await replaceAt(page, ['gen', 'h'], { text: '## Book a *table*' });
  await expect(page.getByRole('heading', { level: 2 }).locator('em')).toHaveText('table');
});
