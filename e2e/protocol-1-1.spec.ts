import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ProtocolTestHost } from './fixtures/protocol/host.ts';
import { startWsGeneratorServer, type WsGeneratorServer } from './fixtures/protocol/ws-generator-server.ts';

/**
 * Protocol 1.1 in Chromium, through the renderer's public API: generators that are not sandboxed
 * (attachRemote over a memory channel and over a real WebSocket), the data plane, the keep/adopt
 * hand-over, and host dialogs.
 */

async function open(page: Page): Promise<void> {
  await page.goto('/e2e/fixtures/protocol/host.html');
  await page.waitForFunction(() => 'protocolTest' in window);
}

const call = <R>(page: Page, fn: (host: ProtocolTestHost, arg: never) => R | Promise<R>, arg?: unknown): Promise<R> =>
  page.evaluate(
    ([source, value]) => {
      const host = window.protocolTest;
      return (new Function('host', 'arg', `return (${source})(host, arg);`) as (h: ProtocolTestHost, a: unknown) => R)(
        host,
        value,
      );
    },
    [fn.toString(), arg] as const,
  );

test.describe('remote generators', () => {
  let server: WsGeneratorServer;
  test.beforeAll(async () => {
    server = await startWsGeneratorServer();
  });
  test.afterAll(async () => {
    await server.close();
  });

  test('an in-page generator over a memory channel renders and receives events like a sandboxed one', async ({
    page,
  }) => {
    await open(page);
    expect(await call(page, (h) => h.attachLocalCounter('local'))).toEqual({
      ok: true,
      status: 'ready',
      kind: 'remote',
    });
    await expect(page.getByText('Local count: 0')).toBeVisible();
    // Its first UI is shown by the apply itself, not at the next frame (the attach's new mount had
    // started the frame loop a moment before, and an in-page generator answers within that frame).
    expect(await call(page, (h) => h.firstAnswerShown.local)).toBe(true);
    await page.getByRole('button', { name: 'Count locally' }).click();
    await page.getByRole('button', { name: 'Count locally' }).click();
    await expect(page.getByText('Local count: 2')).toBeVisible();
    expect(await call(page, (h) => h.localClicks)).toBe(2);
  });

  test('a generator in Node over a real WebSocket on 127.0.0.1 renders and gets clicks', async ({ page }) => {
    await open(page);
    expect(
      await call(page, (h, url: string) => h.attachWebSocket('ws', `${url}/?mode=counter`), server.url),
    ).toMatchObject({ ok: true, status: 'ready', kind: 'remote' });
    await expect(page.getByText('Server count: 0')).toBeVisible();
    const before = server.clicks;
    await page.getByRole('button', { name: 'Add one' }).click();
    await expect(page.getByText('Server count: 1')).toBeVisible();
    expect(server.clicks).toBe(before + 1);
  });

  test('a remote generator that floods is torn down exactly like a sandboxed one (rate), its subtree removed', async ({
    page,
  }) => {
    await open(page);
    // The flood arrives right behind suip/initialized, so the attach itself may already fail: either way the reason is "rate".
    const result = await call(page, (h) => h.attachRawFlood('flood', 5000));
    if (!result.ok) expect(result).toMatchObject({ code: 'start-failed', reason: 'rate' });
    await page.waitForFunction(() =>
      window.protocolTest.statuses.some((s) => s.generatorId === 'flood' && s.status === 'terminated'),
    );
    const ended = await call(page, (h) =>
      h.statuses.find((s) => s.generatorId === 'flood' && s.status === 'terminated'),
    );
    expect(ended).toMatchObject({ reason: 'rate', message: expect.stringContaining('maxMessagesPerSecond') });
    await expect(page.getByText('flood')).toHaveCount(0);
  });

  test('a WebSocket generator that floods is torn down too', async ({ page }) => {
    await open(page);
    await call(page, (h, url: string) => h.attachWebSocket('wsflood', `${url}/?mode=flood`), server.url);
    await page.waitForFunction(
      () => window.protocolTest.statuses.some((s) => s.generatorId === 'wsflood' && s.status === 'terminated'),
      undefined,
      { timeout: 20_000 },
    );
    expect(
      await call(page, (h) => h.statuses.find((s) => s.generatorId === 'wsflood' && s.status === 'terminated')?.reason),
    ).toBe('rate');
  });
});

test.describe('data plane', () => {
  test('input reaches a sandboxed program; output comes back only on allowed channels', async ({ page }) => {
    await open(page);
    const code = `
      const { render, group, text, onInput, output } = suip;
      let city = 'nowhere';
      const view = () => group(null, [
        ['city', text('City: ' + city, 'text/plain')],
        ['book', group('button', [['label', text('Book', 'text/plain')]], { on: { click: () => { output('action', { type: 'book', city }); try { output('secrets', 1); } catch (e) { render(group(null, [['err', text(e.message, 'text/plain')]])); } } } })],
      ]);
      onInput('props', (value) => { city = value.city; render(view()); });
      render(view());`;
    expect(await call(page, (h, c: string) => h.attachProgram('p', c, { outputs: ['action'] }), code)).toMatchObject({
      ok: true,
    });
    await expect(page.getByText('City: nowhere')).toBeVisible();
    expect(await call(page, (h) => h.input('p', 'props', { city: 'Oslo' }))).toEqual({ ok: true });
    await expect(page.getByText('City: Oslo')).toBeVisible();
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page.getByText('does not accept output on this channel; it allows "action"')).toBeVisible();
    expect(await call(page, (h) => h.outputs)).toEqual([
      { id: 'p', channel: 'action', value: { type: 'book', city: 'Oslo' } },
    ]);
  });

  test('bad host input is refused with typed errors and nothing is sent', async ({ page }) => {
    await open(page);
    await call(page, (h) => h.attachProgram('q', "suip.render(suip.text('q'))"));
    expect(await call(page, (h) => h.input('q', 'Bad Name', 1))).toMatchObject({ ok: false, code: 'invalid-option' });
    expect(await call(page, (h) => h.input('q', 'big', 'x'.repeat(2 << 20)))).toMatchObject({
      ok: false,
      code: 'limit-exceeded',
      error: expect.stringContaining('maxMessageBytes'),
    });
    expect(await call(page, (h) => h.traffic.filter((t) => t.includes('suip/input')).length)).toBe(0);
  });
});

test('a kept mount adopted by a new program keeps the focused input node, its caret and typed text', async ({
  page,
}) => {
  await open(page);
  const program = (label: string) => `
    const { render, group, text } = suip;
    render(group(null, [['title', text('${label}', 'text/plain')], ['name', group('text-field', [['label', text('Your name', 'text/plain')]], { on: { input: () => {} } })]]));`;
  await call(page, (h, c: string) => h.attachProgram('form', c), program('First run'));
  await expect(page.getByText('First run')).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Your name' });
  await field.click();
  await field.pressSequentially('hello');
  await field.evaluate((input: HTMLInputElement) => {
    input.setSelectionRange(3, 3);
    (input as unknown as { marker: string }).marker = 'same node';
  });
  await call(page, (h) => h.detach('form', true));
  await expect(page.getByText('First run')).toBeVisible();
  expect(
    await call(page, (h, c: string) => h.attachProgram('form', c, { adopt: true }), program('Second run')),
  ).toMatchObject({ ok: true });
  await expect(page.getByText('Second run')).toBeVisible();
  const state = await field.evaluate((input: HTMLInputElement) => ({
    marker: (input as unknown as { marker?: string }).marker,
    value: input.value,
    caret: input.selectionStart,
    focused:
      input.getRootNode() instanceof ShadowRoot
        ? (input.getRootNode() as ShadowRoot).activeElement === input
        : document.activeElement === input,
  }));
  expect(state).toEqual({ marker: 'same node', value: 'hello', caret: 3, focused: true });
  // Only the title changed on the wire: the adopted tree was diffed, not rebuilt.
  const ops = await call(page, (h) => h.traffic.filter((t) => t.includes('suip/ops/')));
  expect(ops.at(-1)).toContain('"suip/ops/replace"');
  expect(ops.at(-1)).toContain('"title"');
});

test.describe('relay restart: an adopting program runs in the kept frame', () => {
  const frames = (page: Page) => page.locator('[data-suip-frames] iframe');

  test('the same iframe, a fresh Worker: the old program can send nothing more, the new one renders', async ({
    page,
  }) => {
    await open(page);
    // The first program keeps rendering from a timer: if it outlived the restart, its ticks would show.
    const ticking = `const { render, text } = suip; let n = 0; render(text('old tick 0')); setInterval(() => { n += 1; void render(text('old tick ' + n)); }, 20);`;
    await call(page, (h, c: string) => h.attachProgram('r', c), ticking);
    await expect(page.getByText(/old tick [1-9]/)).toBeVisible();
    await expect(frames(page)).toHaveCount(1);
    await frames(page).evaluate((frame) => ((frame as unknown as { marker: string }).marker = 'first frame'));
    await call(page, (h) => h.detach('r', true));
    expect(
      await call(page, (h, c: string) => h.attachProgram('r', c, { adopt: true }), "suip.render(suip.text('new run'))"),
    ).toMatchObject({ ok: true, status: 'ready' });
    await expect(page.getByText('new run')).toBeVisible();
    await expect(frames(page)).toHaveCount(1);
    expect(await frames(page).evaluate((frame) => (frame as unknown as { marker?: string }).marker)).toBe(
      'first frame',
    );
    // Half a second later the old Worker's timer has not brought its text back.
    await page.waitForTimeout(500);
    await expect(page.getByText('new run')).toBeVisible();
    await expect(page.getByText(/old tick/)).toHaveCount(0);
    expect(await call(page, (h) => h.errors.length)).toBe(0);
  });

  test('the relay guards a restarted program as it did the first; a verdict or a removal frees the frame', async ({
    page,
  }) => {
    await open(page);
    await call(page, (h) => h.attachProgram('f', "suip.render(suip.text('calm'))"));
    await call(page, (h) => h.detach('f', true));
    // A post on the Worker's own channel, which the protocol never uses: the relay ends the run.
    const hostile = "suip.render(suip.text('about to misbehave')).then(() => self.postMessage('not the protocol'));";
    await call(page, (h, c: string) => h.attachProgram('f', c, { adopt: true }), hostile);
    await expect
      .poll(() =>
        call(page, (h) =>
          h.statuses.filter((s) => s.generatorId === 'f' && s.status === 'terminated').map((s) => s.reason),
        ),
      )
      .toContain('type');
    // Ended by a verdict, not detached: the frame went with it.
    await expect(frames(page)).toHaveCount(0);

    await call(page, (h) => h.attachProgram('k', "suip.render(suip.text('kept one'))"));
    await call(page, (h) => h.detach('k', true));
    await expect(frames(page)).toHaveCount(1);
    await call(page, (h) => h.detach('k'));
    await expect(frames(page)).toHaveCount(0);
    await expect(page.getByText('kept one')).toHaveCount(0);
  });
});

test('nesting: a slot shows another mount only when the host authorised it; events stay with the slotted generator; placeholders are busy', async ({
  page,
}) => {
  await open(page);
  const owner = `const { render, group, text } = suip;
render(group(null, [['card', group('card', [['title', text('Canvas zone', 'text/plain')], ['w', group('slot', [['mount', text('widget', 'text/plain')]])], ['x', group('slot', [['mount', text('stranger', 'text/plain')]])], ['wait', group('placeholder', [['label', text('Loading the chart', 'text/plain')]])]])]]));`;
  const widget = (label: string) => `const { render, group, text } = suip;
let n = 0;
const view = () => group(null, [['b', group('button', [['label', text('${label} ' + n, 'text/plain')]], { on: { click: () => { n += 1; render(view()); } } })]]);
render(view());`;
  await call(page, (h, c: string) => h.attachProgram('owner', c), owner);
  await call(page, (h, c: string) => h.attachProgram('widget', c, { slotOf: 'owner' }), widget('Widget'));
  await call(page, (h, c: string) => h.attachProgram('stranger', c), widget('Stranger'));
  const zone = page.locator('suip-card');
  // The authorised mount shows inside the owner's card, and only there.
  await expect(zone.getByRole('button', { name: 'Widget 0' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Widget 0' })).toHaveCount(1);
  // The slotted UI is the widget's, and its own provenance mark says so inside the owner's card.
  await expect(zone.locator('suip-slot [data-suip-provenance-mark]').first()).toHaveText(
    'Generated by program · widget',
  );
  await expect(
    zone.locator('suip-slot [data-suip-mount][data-generator="widget"]').getByRole('button', { name: 'Widget 0' }),
  ).toBeVisible();
  // A mount the host did not give to the owner is not shown in its slot; it stays at the root.
  await expect(zone.getByText('Nothing to show here.')).toBeVisible();
  await expect(zone.getByRole('button', { name: /Stranger/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stranger 0' })).toBeVisible();
  // A click in the slot goes to the widget's own generator, which re-renders in place.
  await zone.getByRole('button', { name: 'Widget 0' }).click();
  await expect(zone.getByRole('button', { name: 'Widget 1' })).toBeVisible();
  const clicks = await call(page, (h) => h.traffic.filter((t) => t.includes('"suip/event"')).length);
  expect(clicks).toBe(1);
  // The placeholder is a busy status with its label.
  await expect(page.getByRole('status', { name: 'Loading the chart' })).toHaveAttribute('aria-busy', 'true');
});

test.describe('host dialogs', () => {
  const asker = `
    const { render, group, text, confirm } = suip;
    let answer = 'none';
    const view = () => group(null, [
      ['answer', text('Answer: ' + answer, 'text/plain')],
      ['ask', group('button', [['label', text('Delete all', 'text/plain')]], { on: { click: async () => { answer = String(await confirm('Delete all files?', { message: 'This cannot be undone.', danger: true, confirmLabel: 'Delete' })); render(view()); } } })],
      ['spam', group('button', [['label', text('Spam dialogs', 'text/plain')]], { on: { click: async () => {
        // 1,000 requests, 100 every 150 ms: within the message budget, so the program is not ended for
        // flooding and each refusal is answered.
        const asks = [];
        for (let i = 0; i < 10; i += 1) {
          for (let j = 0; j < 100; j += 1) asks.push(confirm('Again?'));
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
        const results = await Promise.allSettled(asks);
        const refused = results.filter((r) => r.status === 'rejected');
        answer = refused.length + ' refused: ' + refused[0].reason.message;
        render(view());
      } } })],
    ]);
    render(view());
    // Without a user action, a dialog is refused.
    confirm('Out of the blue?').catch((e) => render(group(null, [...view().group, ['early', text('Early: ' + e.message, 'text/plain')]])));`;

  test('keyboard only: Enter opens it from the program, focus is trapped in it, Escape cancels, focus returns', async ({
    page,
  }) => {
    await open(page);
    await call(page, (h, c: string) => h.attachProgram('asker', c), asker);
    await expect(page.getByText(/Early: .*only within 10 s after the user acted/)).toBeVisible();
    const button = page.getByRole('button', { name: 'Delete all' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete all files?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-suip-dialog-origin]')).toHaveText(/Generated program\s*asker/);
    // The modal dialog makes the rest of the page inert: Tab cycles inside it.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-suip-host-dialog'))).toBe(true);
    }
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Answer: false')).toBeVisible();
    expect(
      await button.evaluate((el) =>
        el.getRootNode() instanceof ShadowRoot
          ? (el.getRootNode() as ShadowRoot).activeElement !== null || document.activeElement !== document.body
          : document.activeElement === el,
      ),
    ).toBe(true);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Answer: true')).toBeVisible();
  });

  test('a program that opens 1,000 dialogs gets one, and a clear error for the others', async ({ page }) => {
    await open(page);
    await call(page, (h, c: string) => h.attachProgram('asker', c), asker);
    await page.getByRole('button', { name: 'Spam dialogs' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.locator('[data-suip-host-dialog]')).toHaveCount(1);
    // Answer only once all 1,000 requests arrived (one dialog for all of them).
    await page.waitForFunction(
      () => window.protocolTest.traffic.filter((t) => /"id":\d+,"method":"suip\/dialog"/.test(t)).length >= 1000,
      undefined,
      { timeout: 20_000 },
    );
    await expect(page.locator('[data-suip-host-dialog]')).toHaveCount(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText('999 refused: (suip/dialog): a dialog is already open; wait for its answer before asking again'),
    ).toBeVisible();
  });

  test("a host's secret prompt never reaches a generator or the traffic tap", async ({ page }) => {
    await open(page);
    await call(page, (h) => h.attachLocalCounter('local'));
    const answer = call(page, (h) => h.hostSecretPrompt('API token'));
    const field = page.getByRole('dialog', { name: 'API token' }).locator('input[type=password]');
    await field.fill('hunter2-secret');
    await page.keyboard.press('Enter');
    expect(await answer).toBe('hunter2-secret');
    const traffic = await call(page, (h) => h.traffic.join('\n'));
    expect(traffic).not.toContain('hunter2');
    expect(await page.evaluate(() => document.body.innerHTML)).not.toContain('hunter2');
  });
});
