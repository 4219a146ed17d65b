import { expect, test, type Page } from '@playwright/test';
import type { SandboxTestHost } from './fixtures/sandbox/host.ts';

const COUNTER = `
const { text, group, render } = suip;
let n = 0;
const view = () => group(null, [
  ['title', text('Counter')],
  ['body', text('Clicked ' + n + ' times')],
  ['inc', group('button', [['label', text('plus one')]], { on: { click: { handler: () => { n++; render(view()); }, preventDefault: true } } })],
]);
render(view());
`;

async function open(page: Page): Promise<void> {
  await page.goto('/e2e/fixtures/sandbox/host.html');
  await page.waitForFunction(() => 'sandboxTest' in window);
}

function call<T>(page: Page, fn: (host: SandboxTestHost) => T | Promise<T>): Promise<T> {
  return page.evaluate(`(${fn.toString()})(window.sandboxTest)`) as Promise<T>;
}

test('a generator renders, receives a click and re-renders; DOM and snapshot match each step', async ({ page }) => {
  await open(page);
  const attached = await page.evaluate((code) => window.sandboxTest.attach('counter', code), COUNTER);
  expect(attached).toEqual({ ok: true, status: 'ready' });

  await expect(page.getByText('Clicked 0 times')).toBeVisible();
  const first = await call(page, (host) => host.snapshot());
  expect(first).toEqual({
    group: [
      [
        'counter',
        {
          group: [
            ['title', { text: 'Counter' }],
            ['body', { text: 'Clicked 0 times' }],
            [
              'inc',
              {
                group: [['label', { text: 'plus one' }]],
                type: 'button',
                on: { click: { handler: expect.any(String), preventDefault: true } },
              },
            ],
          ],
        },
      ],
    ],
  });

  // The host sees the click after the view handled it: preventDefault was applied synchronously.
  await page.evaluate(() => {
    document.getElementById('renderer')!.addEventListener('click', (event) => {
      (window as unknown as { prevented: boolean[] }).prevented = [
        ...((window as unknown as { prevented?: boolean[] }).prevented ?? []),
        event.defaultPrevented,
      ];
    });
  });
  await page.getByText('plus one').click();
  await expect(page.getByText('Clicked 1 times')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { prevented: boolean[] }).prevented)).toEqual([true]);
  expect(await call(page, (host) => host.snapshot())).toMatchObject({
    group: [
      [
        'counter',
        {
          group: [
            ['title', { text: 'Counter' }],
            ['body', { text: 'Clicked 1 times' }],
            ['inc', {}],
          ],
        },
      ],
    ],
  });
  await page.getByText('plus one').click();
  await expect(page.getByText('Clicked 2 times')).toBeVisible();
  const second = (await call(page, (host) => host.snapshot())) as { group: [string, { group: [string, unknown][] }][] };
  expect(second.group[0]![1].group[1]).toEqual(['body', { text: 'Clicked 2 times' }]);
  // The handler id is stable across renders: the button was not replaced.
  const firstHandler = ((first as typeof second).group[0]![1].group[2]![1] as { on: { click: { handler: string } } }).on
    .click.handler;
  expect((second.group[0]![1].group[2]![1] as { on: { click: { handler: string } } }).on.click.handler).toBe(
    firstHandler,
  );
});

test('<suip-renderer> wraps the same API; the handshake gives the code hostContext, vocabulary and limits', async ({
  page,
}) => {
  await open(page);
  const result = await page.evaluate(async () => {
    const element = document.createElement('suip-renderer') as HTMLElement & {
      options: unknown;
      attach(o: { id: string; code: string }): Promise<{ status: string }>;
      snapshot(): unknown;
    };
    element.options = { hostContext: { theme: 'dark', locale: 'de-CH' }, limits: { maxNodes: 1234 } };
    document.body.append(element);
    const statuses: string[] = [];
    element.addEventListener('suip-status', (e) => statuses.push((e as CustomEvent).detail.status));
    const handle = await element.attach({
      id: 'ctx',
      code: `suip.render(suip.group(null, [['ctx', suip.text(suip.hostContext.theme + ' ' + suip.hostContext.locale + ' ' + suip.limits.maxNodes + ' ' + suip.vocabulary.some((v) => v.type === 'button'))]]));`,
    });
    return { status: handle.status, statuses };
  });
  expect(result).toEqual({ status: 'ready', statuses: ['starting', 'ready'] });
  await expect(page.locator('suip-renderer').getByText('dark de-CH 1234 true')).toBeVisible();
});
