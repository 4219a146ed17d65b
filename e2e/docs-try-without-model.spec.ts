import { expect, test, type Page } from '@playwright/test';
import { transform } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PACKAGE_ENTRIES } from '../generator/build/build-package.ts';
import { startServer } from '../server/testing/server-process.ts';

/**
 * The "Try it without a model" sections of docs/neighbours/*.md, run from the docs' own text in
 * Chromium: each `ts snippet=<name>` fence is the `main.ts` of a page with `<div id="app">`, its
 * package imports (`suip`, `suip/<entry>`) pointed at the sources the package is built from and its
 * clone paths (`./adapters/…`, from the tree's top) at those files, which the dev server serves.
 * No model, key or account is involved; each test presses what the doc says to press and reads
 * what the doc says comes back.
 */

/** The named `ts` fences of one guide under docs/neighbours/. */
function guideSnippets(guide: string): Record<string, string> {
  const text = readFileSync(fileURLToPath(new URL(`../docs/neighbours/${guide}`, import.meta.url)), 'utf8');
  return Object.fromEntries(
    [...text.matchAll(/^```ts snippet=([\w-]+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1]!, m[2]!]),
  );
}

/** The snippets' other packages (the host's own): a module under e2e/fixtures/docs-try/ re-exports each. */
const HOST_PACKAGES: Record<string, string> = {
  '@ag-ui/client': '/e2e/fixtures/docs-try/ag-ui-client.ts',
  rxjs: '/e2e/fixtures/docs-try/rxjs.ts',
};

/**
 * `'suip'` and `'suip/<entry>'` → the entry's source path on the dev server; a host package → its
 * re-export, so it is the dev server's one copy of that package, the one the adapters import too.
 */
function toSourceImports(code: string): string {
  return code.replace(/from '((?:\.\/)?[^'./][^']*)'/g, (_, specifier: string) => {
    if (specifier.startsWith('./')) return `from '/${specifier.slice(2)}'`; // a clone's file, from the tree's top
    const entry = specifier === 'suip' ? 'renderer' : specifier.startsWith('suip/') ? specifier.slice(5) : undefined;
    const source = entry === undefined ? HOST_PACKAGES[specifier] : PACKAGE_ENTRIES[entry]?.replace(/^/, '/');
    if (source === undefined) throw new Error(`the snippet imports ${specifier}: map it in this spec`);
    return `from '${source}'`;
  });
}

/** Opens a page whose module is the snippet (TypeScript stripped by esbuild, as Vite would), at `search` if given. */
async function openSnippet(page: Page, snippet: string, search = ''): Promise<void> {
  const { code } = await transform(toSourceImports(snippet), { loader: 'ts', format: 'esm', target: 'es2022' });
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
  page.on('console', (message) => message.type() !== 'log' && console.log(`console: ${message.text()}`));
  await page.route('**/__doc-snippet/main.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: code }),
  );
  // A document the dev server serves (a routed one would be no address of the machine's own, and Chromium's local
  // network access checks would refuse its sockets to a server on 127.0.0.1).
  await page.goto(`/e2e/fixtures/docs-try/index.html${search}`);
}

test("a2ui.md: the inline A2UI stream renders and the Button's action comes back for the agent", async ({ page }) => {
  await openSnippet(page, guideSnippets('a2ui.md')['a2ui-try']!);
  await expect(page.locator('#app').getByText('Lisbon')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Book it' }).click();
  const said = page.getByText(/^To the agent: /);
  await expect(said).toBeVisible();
  const message = JSON.parse((await said.textContent())!.slice('To the agent: '.length)) as Record<string, unknown>;
  expect(message).toMatchObject({
    version: 'v0.9',
    action: { name: 'book', surfaceId: 'trip', sourceComponentId: 'book', context: { city: 'Lisbon' } },
  });
});

/**
 * The conversation's elements (message, key-value, pair, status) load on first use
 * (renderer/view/elements-on-first-use.ts), so the conversation and the program's card reach the screen in either
 * order. The conversation's tool-call card shows the call's arguments, the program's source among them, which holds
 * the card's title too: the title is asserted as the card's heading, not as text found anywhere on the page.
 * `conversation after the card` holds that chunk until the heading shows, the order a fresh clone's CI run met (its
 * dev server transformed the chunk's modules for the first time); there the old `getByText` matched both.
 */
for (const order of ['as it comes', 'conversation after the card'] as const)
  test(`ag-ui.md (${order}): a scripted agent's program renders; its button's action is the next run's input`, async ({
    page,
  }) => {
    const release = order === 'as it comes' ? () => {} : await holdFirstUseElements(page);
    await openSnippet(page, guideSnippets('ag-ui.md')['ag-ui-try']!);
    const title = page.getByRole('heading', { name: 'Lisbon, 3 nights' });
    await expect(title).toBeVisible({ timeout: 30_000 });
    release();
    // The doc's cue: the page answered the tool call, so the program's actions now reach the agent.
    await expect(page.getByText('The trip is on screen: press Book Lisbon.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Tool call: suip_render_program')).toBeVisible();
    await expect(title).toHaveCount(1);
    await expect(page.getByText('Booked.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Book Lisbon' }).click();
    await expect(page.getByText('Booked. You sent: Action in "Trip": {"book":"Lisbon"}')).toBeVisible();
  });

/** Holds the module of the elements loaded on first use until the returned function is called. */
async function holdFirstUseElements(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/first-use-elements/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("genui-v1.md: a scripted /genUI answers a surface; its button's click is the next request's uiEvent", async ({
  page,
}) => {
  await openSnippet(page, guideSnippets('genui-v1.md')['genui-try']!);
  await expect(page.getByText('Here is a booking card.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Book it' }).click();
  await expect(page.getByText('Booked: you pressed "book".')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book it' })).toHaveCount(0);
});

test("canvas.md: inline ops render a canvas; its button's action reaches onAction and the answer shows", async ({
  page,
}) => {
  await openSnippet(page, guideSnippets('canvas.md')['canvas-try']!);
  await expect(page.getByText('waiting')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('The agent heard')).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The agent heard approve from review')).toBeVisible();
});

test("runtime-ui.md: the scripted runtime's run renders; its confirm, answered in a host dialog, reaches the runtime, which answers", async ({
  page,
}) => {
  const snippets = guideSnippets('runtime-ui.md');
  const dir = mkdtempSync(join(tmpdir(), 'suip-docs-runtime-'));
  // The doc's try-runtime.ts, run as the doc runs it (node with tsx), as the server's real child process.
  const runtimeFile = join(dir, 'try-runtime.ts');
  writeFileSync(runtimeFile, snippets['runtime-try-runtime']!);
  const tsx = pathToFileURL(fileURLToPath(new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url))).href;
  const agentToken = 'agent-token-docs-runtime-try';
  const server = await startServer([
    ...['--data-dir', join(dir, 'data'), '--agent-token', agentToken],
    ...['--runtime-cmd', `${process.execPath} --import ${tsx} ${runtimeFile}`],
  ]);
  try {
    // The doc's curl: POST /api/runtime/token with the agent token, no body.
    const minted = await fetch(`${server.url}/api/runtime/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(minted.status).toBe(200);
    const { token } = (await minted.json()) as { token: string };
    const search = new URLSearchParams({ server: server.url.replace(/^http/, 'ws'), token });
    await openSnippet(page, snippets['runtime-try-page']!, `?${search}`);
    await expect(page.getByRole('heading', { name: 'You: A weekend in Lisbon' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('You asked for "A weekend in Lisbon". Lisbon, 3 nights, is free.')).toBeVisible();
    const dialog = page.locator('[data-suip-host-dialog] dialog');
    await expect(dialog.getByRole('heading', { name: 'Book Lisbon?' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Booked: the runtime heard yes.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Book it' }).click();
    await expect(page.getByText('Booked: the runtime heard yes.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toHaveCount(0);
  } finally {
    await page.close(); // before the server goes: no reconnect attempts in the output
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
