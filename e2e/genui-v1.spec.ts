import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from './fixtures/fake-llm/fake-llm-server.ts';
import { seedValidators } from '../adapters/genui-v1/testing/seed-schemas.ts';
import { openSingle } from './fixtures/playground/playground-page.ts';
import { startHostCpu } from './helpers/host-cpu.ts';
import { hostileAgent } from './helpers/hostile-agent.ts';
import { startTaskCpu } from './helpers/task-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';

/**
 * GenUI v1.0 (seed 000) end to end in Chromium: the page's GenUI client posts to a real suip
 * server process (`server/main.ts`), which asks the scripted OpenAI-compatible model on 127.0.0.1
 * and streams JSONL back. Barriers in the model's script hold the stream open, so what is on screen
 * before the stream ends is observable.
 */

const seed = seedValidators();
const w = (id: string, widget: unknown) => ({ id, widget });
const booking = {
  surfaceId: 'booking',
  definition: {
    root: 'card',
    widgets: [
      w('card', { card: { title: 'Book a table', children: ['name', 'book'] } }),
      w('name', { 'text-field': { label: 'Name' } }),
      w('book', { button: { label: 'Book' } }),
    ],
  },
};
const confirmation = {
  surfaceId: 'confirmation',
  definition: {
    root: 'done',
    widgets: [
      w('done', { alert: { tone: 'success', title: 'Booked for 8 pm', children: ['t'] } }),
      w('t', { text: { text: 'See you tonight.' } }),
    ],
  },
};
const focusSurface = (step: string) => ({
  addOrUpdateSurface: {
    surfaceId: 'focus',
    definition: {
      root: 'c',
      widgets: [
        w('c', { card: { title: 'Profile', children: ['step', 'name'] } }),
        w('step', { text: { text: step } }),
        w('name', { 'text-field': { label: 'Full name' } }),
      ],
    },
  },
});
/** Widgets the page added by augmentation: a host component (product-card) and a declared fallback (rating-stars). */
const lamp = {
  surfaceId: 'lamp',
  definition: {
    root: 'col',
    widgets: [
      w('col', { column: { children: ['p', 'r'] } }),
      w('p', { 'product-card': { name: 'Desk lamp', price: '€39' } }),
      w('r', { 'rating-stars': { stars: '4', children: ['cap'] } }),
      w('cap', { text: { text: 'from 12 reviews' } }),
    ],
  },
};
const fence = (...commands: unknown[]) => `\`\`\`genui\n${commands.map((c) => JSON.stringify(c)).join('\n')}\n\`\`\`\n`;

class Barrier {
  release!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.release = resolve));
}
let barriers: Record<string, Barrier> = {};
const hostile = () => {
  const huge = {
    addOrUpdateSurface: {
      surfaceId: 'huge',
      definition: {
        root: 'w0',
        widgets: Array.from({ length: 100_000 }, (_, i) => w(`w${i}`, { text: { text: `widget ${i}` } })),
      },
    },
  };
  const loop = {
    addOrUpdateSurface: {
      surfaceId: 'loop',
      definition: {
        root: 'a',
        widgets: [w('a', { column: { children: ['b'] } }), w('b', { column: { children: ['a'] } })],
      },
    },
  };
  const odd = {
    addOrUpdateSurface: { surfaceId: 'odd', definition: { root: 'x', widgets: [w('x', { Marquee: { speed: 11 } })] } },
  };
  return {
    steps: [
      { content: `${'All work and no play. '.repeat(100_000)}\n` },
      { content: fence(loop, odd, huge) },
      { content: '```genui\n{"addOrUpdateSurface": {"surfaceId": "cut", "definition": {"root": "r", "wid' },
      { cut: true },
    ],
  } satisfies ScriptedAnswer;
};
const repaired = {
  steps: [
    {
      toolCall: {
        index: 0,
        name: 'addOrUpdateSurface',
        arguments: JSON.stringify({
          surfaceId: 'loop',
          definition: {
            root: 'a',
            widgets: [
              w('a', { card: { title: 'Loop fixed', children: ['b'] } }),
              w('b', { text: { text: 'no cycle now' } }),
            ],
          },
        }),
      },
    },
    {
      toolCall: {
        index: 1,
        name: 'addOrUpdateSurface',
        arguments: JSON.stringify({
          surfaceId: 'odd',
          definition: { root: 'x', widgets: [w('x', { badge: { label: 'Known widget' } })] },
        }),
      },
    },
  ],
} satisfies ScriptedAnswer;

function answer(request: RecordedRequest): string | ScriptedAnswer | undefined {
  const users = request.messages.filter((m) => m.role === 'user');
  const last = users.at(-1)?.content ?? '';
  if (last.includes('were refused')) return repaired;
  if (last.includes('"widgetId":"book"'))
    return {
      steps: [
        { toolCall: { index: 0, name: 'deleteSurface', arguments: '{"surfaceId":"booking"}' } },
        { toolCall: { index: 1, name: 'addOrUpdateSurface', arguments: JSON.stringify(confirmation) } },
        { content: 'Your table is booked.' },
      ],
    };
  if (last.startsWith('Book a table'))
    return {
      steps: [
        { content: 'Sure, here is a booking form. ' },
        { toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(booking) } },
        { wait: barriers.booking!.opened },
        { content: 'Type your name and press Book.' },
      ],
    };
  if (last.startsWith('Edit my profile'))
    return {
      steps: [
        { content: `Step one.\n${fence(focusSurface('Step 1 of 2'))}` },
        { wait: barriers.focus!.opened },
        { content: `Step two.\n${fence(focusSurface('Step 2 of 2: check your name'))}` },
      ],
    };
  if (last.startsWith('Hostile')) return hostile();
  if (last.startsWith('Show the lamp'))
    return {
      steps: [
        { content: 'Here is the lamp. ' },
        { toolCall: { name: 'addOrUpdateSurface', arguments: JSON.stringify(lamp) } },
        { content: 'Rated four stars.' },
      ],
    };
  return 'I can only book tables.';
}

let llm: FakeLlmServer;
let server: ServerProcess;
let dir: string;
test.beforeAll(async ({}, info) => {
  llm = await startFakeLlmServer(answer, { chunkChars: 40, chunkDelayMs: 2 });
  dir = mkdtempSync(join(tmpdir(), 'suip-genui-e2e-'));
  server = await startServer(
    [
      '--data-dir',
      dir,
      '--llm-url',
      llm.baseUrl,
      '--llm-model',
      'fake-model',
      '--origins',
      new URL(info.project.use.baseURL!).origin,
    ],
    { SUIP_LLM_KEY: 'sk-e2e-never-in-the-browser' },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await llm?.close();
  rmSync(dir, { recursive: true, force: true });
});
test.beforeEach(() => {
  barriers = { booking: new Barrier(), focus: new Barrier() };
});

async function open(page: Page, catalog?: unknown, url = `${server.url}/genUI`, query = ''): Promise<void> {
  await page.goto(`/e2e/fixtures/genui-v1/host.html${query}`);
  await page.waitForFunction(() => 'genuiTest' in window);
  await page.evaluate(
    ([u, c]) =>
      (window as unknown as { genuiTest: { connect(u: string, c?: unknown): void } }).genuiTest.connect(
        u as string,
        c ?? undefined,
      ),
    [url, catalog ?? null] as const,
  );
}
async function ask(page: Page, text: string): Promise<void> {
  await page.getByLabel('Your request').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}
const tree = (page: Page) => page.locator('suip-tree');

test('a surface appears before the stream ends; a click posts the next turn with UiPart, TextPart and UiEventPart; deleteSurface removes it', async ({
  page,
}) => {
  const posts: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/genUI')) posts.push(r.postDataJSON());
  });
  await open(page);
  await ask(page, 'Book a table for two');
  // The model's stream is held open by a barrier: the surface is on screen, the turn is not over.
  await expect(tree(page).getByRole('button', { name: 'Book' })).toBeVisible({ timeout: 20_000 });
  await expect(tree(page).getByText('Sure, here is a booking form.')).toBeVisible();
  await expect(page.locator('#status')).toHaveText('streaming');
  barriers.booking!.release();
  await expect(page.locator('#status')).toHaveText('complete', { timeout: 20_000 });
  await expect(tree(page).getByText('Type your name and press Book.')).toBeVisible();

  await tree(page).getByRole('textbox', { name: 'Name' }).fill('Ada');
  await tree(page).getByRole('textbox', { name: 'Name' }).press('Tab');
  await tree(page).getByRole('button', { name: 'Book' }).click();
  await expect(tree(page).getByText('Booked for 8 pm')).toBeVisible({ timeout: 20_000 });
  await expect(tree(page).getByRole('button', { name: 'Book' })).toHaveCount(0);
  await expect(tree(page).getByText('Your table is booked.')).toBeVisible();

  // The browser's second POST: the seed's request schema, with the model's UiPart and TextPart and the user's UiEventParts.
  expect(posts).toHaveLength(2);
  for (const body of posts) expect(seed.request(body), JSON.stringify(seed.request.errors)).toBe(true);
  const conversation = (posts[1] as { conversation: Array<{ role: string; parts: Array<Record<string, unknown>> }> })
    .conversation;
  expect(conversation.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
    ['user', ['text']],
    ['model', ['ui', 'text']],
    ['user', ['uiEvent', 'uiEvent']],
  ]);
  expect(conversation[1]!.parts[0]).toMatchObject({ type: 'ui', definition: { surfaceId: 'booking', root: 'card' } });
  expect(conversation[1]!.parts[1]).toEqual({
    type: 'text',
    text: 'Sure, here is a booking form. Type your name and press Book.',
  });
  expect(conversation[2]!.parts.map((p) => p.event)).toMatchObject([
    { widgetId: 'name', eventType: 'change', isAction: false, value: 'Ada' },
    { widgetId: 'book', eventType: 'click', isAction: true },
  ]);
  // What the model received for that turn (recorded by the scripted model): the same three parts, and the server's key.
  const recorded = llm.requests.at(-1)!;
  expect(recorded.authorization).toBe('Bearer sk-e2e-never-in-the-browser');
  const text = recorded.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  expect(text).toContain('user: Book a table for two');
  expect(text).toMatch(/assistant: \[surface "booking" as shown now\] \{"surfaceId":"booking","root":"card"/);
  expect(text).toContain('Sure, here is a booking form. Type your name and press Book.');
  expect(text).toMatch(/\[uiEvent\] \{"surfaceId":"booking","widgetId":"book","eventType":"click","isAction":true/);
  expect(JSON.stringify(posts)).not.toContain('sk-e2e');
});

test("the playground's GenUI server panel: a person types a request and the surface streams in from the server, the conversation shown beside it", async ({
  page,
}) => {
  await openSingle(page);
  await page.getByText('GenUI server (seed 000: POST /genUI)').click();
  const panel = page.locator('pg-genui-panel');
  await panel.getByLabel('GenUI endpoint').fill(`${server.url}/genUI`);
  await panel.getByLabel('GenUI endpoint').dispatchEvent('change');
  await panel.getByLabel('Your request').fill('Book a table for two');
  await panel.getByRole('button', { name: 'Send' }).click();
  // The form is on screen while the model's stream is still held open.
  // The form's heading: the request the conversation shows ("Book a table for two") holds the same words.
  await expect(panel.locator('suip-tree').getByRole('heading', { name: 'Book a table' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.locator('suip-tree').getByLabel('Name')).toBeVisible();
  barriers.booking!.release();
  await expect(panel.locator('suip-tree').getByText('Type your name and press Book.')).toBeVisible({ timeout: 20_000 });
  await panel.getByText('Conversation (client-held history)').click();
  const history = JSON.parse(await panel.locator('details pre').innerText()) as Array<{
    role: string;
    parts: Array<{ type: string }>;
  }>;
  expect(history.map((m) => m.role)).toEqual(['user', 'model']);
  expect(history[1]!.parts.map((p) => p.type).sort()).toEqual(['text', 'ui']);
});

test('widgets the page added by augmentation validate on the server and render: through the host component, or the declared fallback card', async ({
  page,
}) => {
  const posts: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/genUI')) posts.push(r.postDataJSON());
  });
  await page.goto('/e2e/fixtures/genui-v1/host.html');
  await page.waitForFunction(() => 'genuiTest' in window);
  await page.evaluate(
    (u) =>
      (window as unknown as { genuiTest: { connect(u: string, c: undefined, a: boolean): void } }).genuiTest.connect(
        u,
        undefined,
        true,
      ),
    `${server.url}/genUI`,
  );
  const before = llm.requests.length;
  await ask(page, 'Show the lamp');
  await expect(page.locator('#status')).toHaveText('complete', { timeout: 20_000 });
  // The host component shows the model's widget its own way; the fallback is a visible card with the props and the children.
  await expect(tree(page).getByRole('article', { name: 'Product Desk lamp' })).toHaveText('Desk lamp — €39');
  await expect(tree(page).getByText('rating-stars')).toBeVisible();
  await expect(tree(page).getByText('stars: 4')).toBeVisible();
  await expect(tree(page).getByText('from 12 reviews')).toBeVisible();
  await expect(tree(page).getByText('Rated four stars.')).toBeVisible();
  await expect(tree(page).getByText(/could not be shown/)).toHaveCount(0);
  // One model call: nothing was refused as unknown, no repair turn.
  expect(llm.requests.length - before).toBe(1);
  expect(llm.requests.at(-1)!.messages[0]!.content).toContain('"product-card"');
  // The request carries the augmentations and matches the seed; every reply line matches the seed's schema for its kind.
  expect(posts).toHaveLength(1);
  expect(seed.request(posts[0]), JSON.stringify(seed.request.errors)).toBe(true);
  expect(JSON.stringify((posts[0] as { catalogDefinition: unknown }).catalogDefinition)).toContain('"rating-stars"');
  // The browser's own request replayed from here (DevTools cannot hand over a streamed body): the same script answers it.
  const reply = await fetch(`${server.url}/genUI?stream=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(posts[0]),
  });
  const lines = (await reply.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  // The client asked for previews (suip.progressive): those are addOrUpdateSurface chunks marked suip.preview; the committed one is the model's.
  expect(lines.filter((c) => 'addOrUpdateSurface' in c && !('suip' in c))).toEqual([{ addOrUpdateSurface: lamp }]);
  for (const chunk of lines) {
    const name =
      'addOrUpdateSurface' in chunk
        ? 'add-or-update-surface'
        : 'deleteSurface' in chunk
          ? 'delete-surface'
          : 'message' in chunk
            ? 'message'
            : 'text';
    expect(seed[name](chunk), JSON.stringify(seed[name].errors)).toBe(true);
  }
});

test('an unsupported catalog is answered 400 with the seed envelope, and the page shows it with the supported catalogs', async ({
  page,
}) => {
  await open(page, { protocolVersion: '1.0', baseCatalog: { name: 'material', version: '3.0' } });
  const refused = page.waitForResponse((r) => r.url().includes('/genUI') && r.request().method() === 'POST');
  await ask(page, 'Book a table');
  const response = await refused;
  expect(response.status()).toBe(400);
  // The page's request came from the stream Worker, which ended once it quoted the error, so its
  // body is no longer readable here: the same request again, from the test.
  const again = await page.request.post(response.url(), {
    data: response.request().postData() ?? '',
    headers: { 'content-type': 'application/json' },
  });
  expect(again.status()).toBe(400);
  const body = (await again.json()) as unknown;
  expect(seed.error(body), JSON.stringify(seed.error.errors)).toBe(true);
  expect(body).toMatchObject({
    error: { code: 'unsupported_catalog_version', supportedCatalogs: [{ name: 'default', versions: ['1.0'] }] },
  });
  await expect(tree(page).getByText(/HTTP 400, unsupported_catalog_version/)).toBeVisible();
  await expect(tree(page).getByText(/Supported catalogs: default 1\.0/)).toBeVisible();
  await expect(page.locator('#status')).toHaveText('error');
});

test('focus, caret and typed text survive an addOrUpdateSurface that changes the text next to the focused field', async ({
  page,
}) => {
  await open(page);
  await ask(page, 'Edit my profile');
  const field = tree(page).getByRole('textbox', { name: 'Full name' });
  await expect(field).toBeVisible({ timeout: 20_000 });
  await field.click();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    (el as HTMLElement).dataset.marked = 'yes';
  });
  barriers.focus!.release();
  await expect(tree(page).getByText('Step 2 of 2: check your name')).toBeVisible({ timeout: 20_000 });
  const after = await page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    const input = el as HTMLInputElement;
    return { marked: input.dataset.marked, value: input.value, caret: input.selectionStart };
  });
  expect(after).toEqual({ marked: 'yes', value: 'Ada Lovelace', caret: 3 });
  await page.keyboard.type('X');
  await expect(field).toHaveValue('AdaX Lovelace');
});

async function measured(page: Page, run: () => Promise<void>) {
  const control = await openControlPage(page);
  await page.bringToFront();
  await Promise.all([startStallMeter(page), startStallMeter(control)]);
  const cpu = await startHostCpu(page);
  await run();
  const [stall, idle, hostCpuMs] = await Promise.all([readStallMeter(page), readStallMeter(control), cpu?.read()]);
  await control.close();
  return { stall, idle, hostCpuMs, verdict: judgeStall(stall, idle, hostCpuMs, 100) };
}

test('a hostile model (cycles, 100k widgets, unknown types, 2 MB of text, a stream cut mid-line) through the server: repaired or reported, the page never hangs @stall', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await open(page);
  const before = llm.requests.length;
  const { stall, idle, hostCpuMs, verdict } = await measured(page, async () => {
    await ask(page, 'Hostile model, please');
    await expect(page.locator('#status')).toHaveText('complete', { timeout: 90_000 });
  });
  console.log(
    `MEASURE genui hostile model via server: host max gap ${stall.maxGap} ms (longest task ${stall.longestTask} ms, control ${idle.maxGap} ms, host CPU ${hostCpuMs ?? 'n/a'} ms)`,
  );
  expect(verdict.ok, verdict.why).toBe(true);
  // The server refused the cycle and the unknown widget, asked the model once more with suip's errors, and forwarded the repair.
  const repair = llm.requests.slice(before).find((r) => r.messages.at(-1)!.content.includes('were refused'))!;
  expect(repair.messages.at(-1)!.content).toMatch(/widget "a" contains itself/);
  expect(repair.messages.at(-1)!.content).toMatch(/unknown widget "Marquee"/);
  expect(repair.messages.at(-1)!.content).toMatch(/a line of \d+ characters was dropped/);
  await expect(tree(page).getByText('Loop fixed')).toBeVisible();
  await expect(tree(page).getByText('Known widget')).toBeVisible();
  await expect(tree(page).getByText('widget 0', { exact: true })).toHaveCount(0);
  // 2 MB of text was cut (server: 256 Ki characters; page: 200,000 shown) and said so.
  await expect(tree(page).getByText(/more characters of the model's text were not shown/)).toBeVisible();
  // The page stays usable.
  await ask(page, 'Book a table');
  await expect(tree(page).getByRole('button', { name: 'Book' })).toBeVisible({ timeout: 20_000 });
  barriers.booking!.release();
});

/**
 * The longest task's CPU time on the host's main thread the hostile streams below may cost (issue 47
 * item 12: the host's longest task stays under 50 ms). CPU time, not a wall-clock gap: beside CPU
 * hogs a task's wall time grows with the machine's load (measured: 28 ms of CPU took 313 ms), its
 * CPU time does not, so a busy machine cannot flip this verdict. 4x the worst measured beside two
 * `yes` hogs (28.5 ms, figures in docs/security.md).
 */
const HOSTILE_TASK_CPU_MS = 120;

for (const mode of ['worker', 'sliced'] as const)
  test(`a hostile stream straight to the client (no server in between) is bounded (${mode}): cycles, 100k widgets, unknown types, 2 MB of text, a cut line @stall`, async ({
    page,
  }) => {
    // History: its 4,000-row surface was built in one task (host gaps 590-710 ms); the renderer's build
    // budget cut that to 80 ms tasks. Now the stream Worker fetches, frames and bounds the answer
    // (adapters/kit/agent-stream.ts); `sliced`: the page's CSP refuses Workers, the sliced reader does it.
    test.setTimeout(120_000);
    const lines: string[] = [];
    for (let i = 0; i < 200; i += 1) lines.push(JSON.stringify({ text: 'x'.repeat(10_000) }));
    lines.push(
      JSON.stringify({
        addOrUpdateSurface: {
          surfaceId: 'loop',
          definition: {
            root: 'a',
            widgets: [w('a', { column: { children: ['b', 'a'] } }), w('b', { column: { children: ['a'] } })],
          },
        },
      }),
    );
    lines.push(
      JSON.stringify({
        addOrUpdateSurface: {
          surfaceId: 'huge',
          definition: {
            root: 'w0',
            widgets: Array.from({ length: 100_000 }, (_, i) => w(`w${i}`, { text: { text: `widget ${i}` } })),
          },
        },
      }),
    );
    lines.push(
      JSON.stringify({
        addOrUpdateSurface: {
          surfaceId: 'wide',
          definition: {
            root: 'col',
            widgets: [
              w('col', { column: { children: Array.from({ length: 4_000 }, (_, i) => `t${i}`) } }),
              ...Array.from({ length: 4_000 }, (_, i) => w(`t${i}`, { text: { text: `row ${i}` } })),
            ],
          },
        },
      }),
    );
    lines.push(
      JSON.stringify({
        addOrUpdateSurface: {
          surfaceId: 'bomb',
          definition: {
            root: 'n0',
            widgets: Array.from({ length: 30 }, (_, i) =>
              w(`n${i}`, { row: { children: i === 29 ? [] : [`n${i + 1}`, `n${i + 1}`] } }),
            ),
          },
        },
      }),
    );
    lines.push(
      JSON.stringify({
        addOrUpdateSurface: { surfaceId: 'odd', definition: { root: 'x', widgets: [w('x', { Marquee: {} })] } },
      }),
    );
    lines.push('['.repeat(100_000));
    const body = Buffer.from(`${lines.join('\n')}\n{"message": {"role": "model", "parts": [{"type": "te`);
    // A hostile GenUI endpoint on 127.0.0.1 that streams the body in 64 KiB pieces, then ends without the final message.
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const { url: hostileUrl, server: hostileServer } = await hostileAgent(origin, 'application/jsonl', body, '/genUI');
    const query = mode === 'sliced' ? `?csp=${encodeURIComponent("worker-src 'none'")}` : '';
    await open(page, undefined, hostileUrl, query);
    const tasks = await startTaskCpu(page, '/e2e/fixtures/genui-v1/host.html');
    const { stall, idle, hostCpuMs } = await measured(page, async () => {
      await ask(page, 'anything');
      await expect(page.locator('#status')).toHaveText('incomplete', { timeout: 90_000 });
    });
    const task = await tasks?.read();
    console.log(
      `MEASURE genui hostile stream to the client (${mode}): host max gap ${stall.maxGap} ms (longest task ${stall.longestTask} ms, control ${idle.maxGap} ms, host CPU ${hostCpuMs ?? 'n/a'} ms; longest task ${task?.longestCpuMs ?? 'n/a'} ms CPU, ${task?.longestWallMs ?? 'n/a'} ms wall, ${task?.tasks ?? 'n/a'} tasks)`,
    );
    // Never silent: the turn heard where its answer was read.
    const modes = await page.evaluate(
      () => (window as unknown as { genuiTest: { streamModes: Array<{ mode: string }> } }).genuiTest.streamModes,
    );
    expect(modes.map((m) => m.mode)).toEqual([mode]);
    // Chromium always traces: there a reading with no task (a renamed trace event) must fail, not pass.
    if (page.context().browser()?.browserType().name() === 'chromium') {
      expect(task, 'Chromium traced the window').toBeDefined();
      expect(task!.tasks).toBeGreaterThan(0);
    }
    if (task !== undefined) expect(task.longestCpuMs).toBeLessThan(HOSTILE_TASK_CPU_MS);
    const issues = await page.evaluate(() =>
      (window as unknown as { genuiTest: { issues: Array<{ code: string }> } }).genuiTest.issues.map((i) => i.code),
    );
    expect(issues).toEqual(
      expect.arrayContaining(['cycle', 'oversize_line', 'too_many_nodes', 'unknown_widget', 'bad_line', 'incomplete']),
    );
    await expect(
      tree(page)
        .getByText(/Widget "a" could not be shown/)
        .first(),
    ).toBeVisible();
    await expect(tree(page).getByText(/a line of \d+ characters was skipped/)).toBeVisible();
    await expect(tree(page).getByText(/more characters of the model's text were not shown/)).toBeVisible();
    await expect(tree(page).getByRole('button', { name: 'Retry' })).toBeVisible();
    hostileServer.closeAllConnections();
    await new Promise((resolve) => hostileServer.close(resolve));
  });
