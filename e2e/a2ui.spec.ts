import { fileURLToPath } from 'node:url';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { docsImage } from './helpers/docs-image.ts';
import { expect, test, type Page } from '@playwright/test';
import { emulateColorScheme } from './helpers/color-scheme.ts';

const CORPUS = process.env.A2UI_CORPUS ?? fileURLToPath(new URL('../examples/a2ui/', import.meta.url));
const examples = readdirSync(join(CORPUS, 'examples'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({
    file,
    messages: (JSON.parse(readFileSync(join(CORPUS, 'examples', file), 'utf8')) as { messages: unknown[] }).messages,
  }));
const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

async function open(page: Page, query = '') {
  await page.goto(`/e2e/fixtures/a2ui/host.html${query}`);
  await page.waitForFunction(() => 'a2uiHost' in window, undefined, { timeout: 30_000 });
}

function receive(page: Page, messages: unknown[]) {
  return page.evaluate(
    (m) => (window as unknown as { a2uiHost: { receive(m: unknown[]): Promise<void> } }).a2uiHost.receive(m),
    messages,
  );
}

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(' ')}`,
  );
}

test.describe('A2UI bridge in Chromium', () => {
  test.setTimeout(120_000);

  for (const scheme of ['light', 'dark'] as const)
    test(`all 36 examples render, no unknown types, no errors back to the agent, axe-core 0 violations (${scheme})`, async ({
      page,
    }) => {
      await emulateColorScheme(page, scheme);
      await open(page, '?credentials=1');
      for (const example of examples) await receive(page, example.messages);
      const mounted = await page.evaluate(() => document.querySelector('#renderer')!.querySelectorAll('*').length);
      expect(mounted).toBeGreaterThan(0);
      await expect(page.getByText('Dynamic Item List')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Sunrise Coffee')).toBeVisible();
      const state = await page.evaluate(
        () => (window as unknown as { a2uiHost: { sent: unknown[]; issues: unknown[] } }).a2uiHost,
      );
      expect(state.sent).toEqual([]);
      expect(state.issues).toEqual([]);
      expect(await page.locator('suip-unknown').count()).toBe(0);
      expect(await axe(page)).toEqual([]);
      if (scheme === 'light')
        await page.screenshot({ path: docsImage('a2ui-examples.png'), fullPage: true, scale: 'css' });
    });

  test("a host that keeps sign-in to itself refuses the login example's password field, and the agent hears which component", async ({
    page,
  }) => {
    await open(page);
    await receive(page, examples.find((e) => e.file.startsWith('09_'))!.messages);
    await receive(page, []);
    const sent = await page.evaluate(
      () =>
        (
          window as unknown as {
            a2uiHost: { sent: Array<{ message: { error?: { code: string; path: string; message: string } } }> };
          }
        ).a2uiHost.sent,
    );
    const components = (
      examples.find((e) => e.file.startsWith('09_'))!.messages.find((m) => 'updateComponents' in (m as object)) as {
        updateComponents: { components: Array<{ id: string }> };
      }
    ).updateComponents.components;
    const index = components.findIndex((c) => c.id === 'password-field');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message.error).toMatchObject({ code: 'VALIDATION_FAILED', path: `/components/${index}` });
    expect(sent[0]!.message.error!.message).toContain('credentialInputs');
  });

  test('typing into a bound TextField updates every Text bound to the same path', async ({ page }) => {
    await open(page);
    await receive(page, [
      { version: 'v0.9', createSurface: { surfaceId: 'form', catalogId: CATALOG } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'form',
          components: [
            { id: 'root', component: 'Column', children: ['name', 'echo', 'hello'] },
            { id: 'name', component: 'TextField', label: 'Your name', value: { path: '/user/name' } },
            { id: 'echo', component: 'Text', text: { call: 'formatString', args: { value: 'Echo: ${/user/name}' } } },
            {
              id: 'hello',
              component: 'Text',
              text: { call: 'formatString', args: { value: 'Hello, ${/user/name}!' } },
            },
          ],
        },
      },
      { version: 'v0.9', updateDataModel: { surfaceId: 'form', path: '/user/name', value: 'Ada' } },
    ]);
    const field = page.getByLabel('Your name');
    await expect(field).toHaveValue('Ada', { timeout: 30_000 });
    await field.fill('Grace Hopper');
    await expect(page.getByText('Echo: Grace Hopper')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Hello, Grace Hopper!')).toBeVisible();
    await expect(field).toBeFocused();
  });

  test('a ChoicePicker option named like a role (variant, placeholder, label) is an option: the surface renders and choosing one writes its own value', async ({
    page,
  }) => {
    await open(page);
    await receive(page, [
      { version: 'v0.9', createSurface: { surfaceId: 'pick', catalogId: CATALOG } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'pick',
          components: [
            { id: 'root', component: 'Column', children: ['field', 'echo'] },
            {
              id: 'field',
              component: 'ChoicePicker',
              label: 'Which part',
              value: { path: '/part' },
              options: ['variant', 'placeholder', 'label', 'size'].map((o) => ({ value: o, label: `The ${o}` })),
            },
            { id: 'echo', component: 'Text', text: { call: 'formatString', args: { value: 'Chosen: ${/part/0}' } } },
          ],
        },
      },
      { version: 'v0.9', updateDataModel: { surfaceId: 'pick', path: '/part', value: ['variant'] } },
    ]);
    await expect(page.getByRole('radio', { name: 'The variant' })).toBeChecked({ timeout: 30_000 });
    await expect(page.getByText('Chosen: variant')).toBeVisible();
    await page.getByRole('radio', { name: 'The placeholder' }).check();
    await expect(page.getByText('Chosen: placeholder')).toBeVisible({ timeout: 30_000 });
    const state = await page.evaluate(
      () => (window as unknown as { a2uiHost: { sent: unknown[]; issues: unknown[] } }).a2uiHost,
    );
    expect(state.sent).toEqual([]);
    expect(state.issues).toEqual([]);
    expect(await page.getByRole('radio').count()).toBe(4);
  });

  test("A2UI's minimal catalog renders, and capitalize fills the text as the user types", async ({ page }) => {
    await open(page);
    const minimal = JSON.parse(
      readFileSync(
        fileURLToPath(
          new URL(
            '../node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/minimal/examples/6_capitalized_text.json',
            import.meta.url,
          ),
        ),
        'utf8',
      ),
    ) as { messages: unknown[] };
    await receive(page, minimal.messages);
    await page.getByLabel('Type something in lowercase:').fill('hello world');
    await expect(page.getByText('Hello world')).toBeVisible({ timeout: 30_000 });
    const state = await page.evaluate(
      () => (window as unknown as { a2uiHost: { sent: unknown[]; issues: unknown[] } }).a2uiHost,
    );
    expect(state.sent).toEqual([]);
    expect(state.issues).toEqual([]);
  });

  test("a Button's action reaches the scripted agent over HTTP with resolved context and the data model", async ({
    page,
  }) => {
    const received: unknown[] = [];
    await page.route('**/a2ui-agent', async (route) => {
      received.push(JSON.parse(route.request().postData() ?? 'null'));
      await route.fulfill({ status: 204 });
    });
    await open(page);
    await receive(page, [
      { version: 'v0.9', createSurface: { surfaceId: 'shop', catalogId: CATALOG, sendDataModel: true } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'shop',
          components: [
            { id: 'root', component: 'List', children: { componentId: 'buy', path: '/products' } },
            {
              id: 'buy',
              component: 'Button',
              child: 'buy-label',
              action: {
                event: { name: 'addToCart', context: { sku: { path: 'sku' }, currency: { path: '/currency' } } },
              },
            },
            { id: 'buy-label', component: 'Text', text: { call: 'formatString', args: { value: 'Buy ${name}' } } },
          ],
        },
      },
      {
        version: 'v0.9',
        updateDataModel: {
          surfaceId: 'shop',
          path: '',
          value: {
            currency: 'EUR',
            products: [
              { id: 'p1', sku: 'A-1', name: 'Lamp' },
              { id: 'p2', sku: 'B-2', name: 'Desk' },
            ],
          },
        },
      },
    ]);
    await page.getByRole('button', { name: 'Buy Desk' }).click({ timeout: 30_000 });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0]).toMatchObject({
      message: {
        version: 'v0.9',
        action: {
          name: 'addToCart',
          surfaceId: 'shop',
          sourceComponentId: 'buy',
          context: { sku: 'B-2', currency: 'EUR' },
        },
      },
      metadata: { a2uiClientDataModel: { version: 'v0.9', surfaces: { shop: { currency: 'EUR' } } } },
    });
  });

  test('a template reorder keeps focus and caret in the row the user is typing in', async ({ page }) => {
    await open(page);
    const rows = [
      { id: 'a', label: 'Alpha', text: 'first' },
      { id: 'b', label: 'Beta', text: 'second' },
      { id: 'c', label: 'Gamma', text: 'third' },
    ];
    await receive(page, [
      { version: 'v0.9', createSurface: { surfaceId: 'rows', catalogId: CATALOG } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'rows',
          components: [
            { id: 'root', component: 'Column', children: { componentId: 'row', path: '/rows' } },
            { id: 'row', component: 'TextField', label: { path: 'label' }, value: { path: 'text' } },
          ],
        },
      },
      { version: 'v0.9', updateDataModel: { surfaceId: 'rows', path: '/rows', value: rows } },
    ]);
    const beta = page.getByLabel('Beta');
    await beta.click({ timeout: 30_000 });
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.evaluate(() => {
      const deepActive = (): HTMLInputElement => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        (el as HTMLElement & { dataset: DOMStringMap }).dataset.marked = 'yes';
        return el as HTMLInputElement;
      };
      deepActive();
    });
    // The agent reorders the list: Beta moves to the top.
    await receive(page, [
      { version: 'v0.9', updateDataModel: { surfaceId: 'rows', path: '/rows', value: [rows[1], rows[0], rows[2]] } },
    ]);
    const after = await page.evaluate(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      const input = el as HTMLInputElement;
      return { marked: input.dataset.marked, value: input.value, caret: input.selectionStart };
    });
    expect(after).toEqual({ marked: 'yes', value: 'second', caret: 4 });
    const labels = await page
      .locator('suip-text-field')
      .evaluateAll((els) => els.map((e) => e.shadowRoot?.querySelector('label')?.textContent?.trim()));
    expect(labels).toEqual(['Beta', 'Alpha', 'Gamma']);
    await page.keyboard.type('X');
    await expect(beta).toHaveValue('secoXnd');
  });

  test('a slow JSONL agent: components appear as their lines complete, with a busy placeholder for children not sent yet', async ({
    page,
  }) => {
    let res: ServerResponse | undefined;
    let connected!: () => void;
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const server = createServer((req, response) => {
      if (req.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-origin': '*' }).end();
        return;
      }
      res = response;
      response.writeHead(200, { 'content-type': 'application/jsonl', 'access-control-allow-origin': '*' });
      response.flushHeaders();
      connected();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await open(page);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
      const done = page.evaluate(
        (u) => (window as unknown as { a2uiHost: { connect(u: string): Promise<number> } }).a2uiHost.connect(u),
        url,
      );
      await ready;
      const line = (m: unknown) => `${JSON.stringify(m)}\n`;
      res!.write(line({ version: 'v0.9', createSurface: { surfaceId: 'live', catalogId: CATALOG } }));
      res!.write(
        line({
          version: 'v0.9',
          updateComponents: {
            surfaceId: 'live',
            components: [
              { id: 'root', component: 'Column', children: ['title', 'body'] },
              { id: 'title', component: 'Text', text: 'Forecast', variant: 'h2' },
            ],
          },
        }),
      );
      await expect(page.getByRole('heading', { name: 'Forecast' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('status', { name: 'Loading body…' })).toBeVisible();
      const half = line({
        version: 'v0.9',
        updateComponents: { surfaceId: 'live', components: [{ id: 'body', component: 'Text', text: 'Sunny, 21 °C' }] },
      });
      res!.write(half.slice(0, 30));
      await page.waitForTimeout(300);
      await expect(page.getByRole('status', { name: 'Loading body…' })).toBeVisible();
      res!.write(half.slice(30));
      await expect(page.getByText('Sunny, 21 °C')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('suip-placeholder')).toHaveCount(0);
      res!.end();
      expect(await done).toBe(3);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('hostile streams in the page: cycles, a 1e6-item array, deep pointers and __proto__ keys get clear errors and the surface keeps working', async ({
    page,
  }) => {
    await open(page);
    await receive(page, [
      { version: 'v0.9', createSurface: { surfaceId: 'h', catalogId: CATALOG } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'h',
          components: [
            { id: 'root', component: 'Column', children: ['field', 'echo', 'loop'] },
            { id: 'field', component: 'TextField', label: 'Still typing', value: { path: '/t' } },
            { id: 'echo', component: 'Text', text: { call: 'formatString', args: { value: 'Typed: ${/t}' } } },
            { id: 'loop', component: 'Card', child: 'loop2' },
            { id: 'loop2', component: 'Row', children: ['loop'] },
          ],
        },
      },
    ]);
    await page.evaluate(() => {
      const host = (window as unknown as { a2uiHost: { receive(m: unknown[]): Promise<void> } }).a2uiHost;
      return host.receive([
        { version: 'v0.9', updateDataModel: { surfaceId: 'h', path: '/big', value: new Array(1_000_000).fill(0) } },
        { version: 'v0.9', updateDataModel: { surfaceId: 'h', path: '/a'.repeat(5000), value: 1 } },
        {
          version: 'v0.9',
          updateDataModel: {
            surfaceId: 'h',
            path: '/x',
            value: JSON.parse('{"__proto__": {"polluted": 1}}') as unknown,
          },
        },
      ]);
    });
    const errors = await page.evaluate(() =>
      (
        window as unknown as { a2uiHost: { sent: Array<{ message: { error?: { code: string; message: string } } }> } }
      ).a2uiHost.sent.map((o) => `${o.message.error?.code}: ${o.message.error?.message.slice(0, 60)}`),
    );
    expect(errors).toEqual([
      expect.stringContaining('VALIDATION_FAILED: component "loop" contains itself'),
      expect.stringContaining('LIMIT_EXCEEDED: data model value has more than 100000 entries'),
      expect.stringContaining('LIMIT_EXCEEDED: JSON Pointer has 5000 segments'),
      expect.stringContaining('VALIDATION_FAILED: data model key "__proto__" is refused'),
    ]);
    expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
    await expect(page.getByText('[cycle at loop]')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Still typing').fill('ok');
    await expect(page.getByText('Typed: ok')).toBeVisible({ timeout: 30_000 });
  });
});
