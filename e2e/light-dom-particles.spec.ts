import { expect as baseExpect, test } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';

// A loaded 2-core machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Text leaves and plain groups render in their own light DOM (renderer/view/light-root.ts): a
 * stream's items make no shadow root (issue 43 item 2). Their content then sits in the scope of
 * the styled element around them, whose sheet has rules for its own `h2`, `li`, `strong`, `p`
 * and `a`. SECURITY (style isolation): none of them may reach a text's content: the same
 * markdown shows with the same computed styles at the program's root, in a section, a list item,
 * an alert and an empty state's actions, as it did when each leaf had a shadow root of its own.
 */

const MARKDOWN =
  '# Title\\n\\n## A heading\\n\\nSome **bold** words and [a link](https://example.com/).' +
  '\\n\\n- one\\n  - nested\\n- two';
const PROGRAM = `
const { group, text, render } = suip;
const md = () => text('${MARKDOWN}');
render(group(null, [
  ['root', md()],
  ['plain', group(null, [['t', md()]])],
  ['section', group('section', [['title', text('Section', 'text/plain')], ['t', md()]])],
  ['list', group('list', [['t', md()]])],
  ['alert', group('alert', [['tone', text('warning', 'text/plain')], ['t', md()]])],
  ['empty', group('empty-state', [['title', text('Empty', 'text/plain')], ['t', text('a plain paragraph')]])],
  ['para', text('a plain paragraph')],
]));
`;

/**
 * Computed styles that the enclosing elements' rules (and the browser's nested-list rules) set on
 * h1, h2, ul, li, strong, p and a.
 */
const PROPS = [
  'font-size',
  'font-weight',
  'margin-top',
  'margin-bottom',
  'padding-top',
  'padding-bottom',
  'border-bottom-width',
  'color',
  'text-decoration-line',
  'max-width',
  'display',
];

test('text leaves and plain groups make no shadow root, and no enclosing sheet restyles a text', async ({ page }) => {
  const mounted = await mountRenderer(page);
  const outcome = await mounted.attach('light', PROGRAM);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  // The markdown pipeline loads on first use: wait until every text shows its markup.
  await expect(page.locator('suip-tree').locator('strong')).toHaveCount(5);

  const found = await page.evaluate((props) => {
    const texts: Element[] = [];
    let hostsWithShadow = 0;
    const visit = (scope: ParentNode): void => {
      for (const el of scope.querySelectorAll('*')) {
        if (el.localName === 'suip-text') texts.push(el);
        if ((el.localName === 'suip-text' || el.localName === 'suip-group') && el.shadowRoot) hostsWithShadow += 1;
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document.querySelector('suip-tree')!.shadowRoot!);
    // `list-style-type` inherits (a list's `list-style: none` reaches all its items' content, as it
    // always did through shadow roots): compared where it shows, on list items and lists.
    const styleOf = (el: Element | null): string =>
      el === null
        ? 'missing'
        : [...props, ...(['li', 'ul'].includes(el.localName) ? ['list-style-type'] : [])]
            .map((p) => `${p}:${getComputedStyle(el).getPropertyValue(p)}`)
            .join(';') + `;before:${getComputedStyle(el, '::before').getPropertyValue('content')}`;
    const byPath: Record<string, Record<string, string>> = {};
    for (const t of texts) {
      const path = ((t as unknown as { path?: string[] }).path ?? []).slice(1).join('/');
      byPath[path] = Object.fromEntries(
        ['h1', 'h2', 'strong', 'a', 'ul', 'li', 'ul ul', 'ul ul li', 'p'].map((sel) => [
          sel,
          styleOf(t.querySelector(`:scope ${sel}`)),
        ]),
      );
    }
    return { hostsWithShadow, byPath };
  }, PROPS);

  expect(found.hostsWithShadow).toBe(0);
  const reference = found.byPath['root']!;
  expect(reference['h2']).not.toBe('missing');
  for (const path of ['plain/t', 'section/t', 'list/t', 'alert/t']) expect(found.byPath[path], path).toEqual(reference);
  // A plain paragraph in an empty state's actions is styled as one at the root (not as its own description).
  expect(found.byPath['empty/t']!['p']).toBe(found.byPath['para']!['p']);
});
