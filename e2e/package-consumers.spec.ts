import { expect, test, type Page } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COUNTER_PROGRAM,
  PRODUCT_PROGRAM,
  consumerApps,
  nextApp,
  serverApp,
  testingApp,
  writeApp,
} from './fixtures/package/consumer-apps.ts';
import { startFakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { startStaticServer } from './fixtures/playground/static-server.ts';

/**
 * suip as a package (issue 11): `npm pack` the repository, install the tarball into fresh apps that
 * copy no file of the repository — Vite, esbuild, Webpack, React 19 and a page with no bundler —, build
 * each with its own tool, serve it on 127.0.0.1 and render, click and theme a program in Chromium.
 * Issue 30: a Next.js App Router app (`next build`, `next start`) rendering `<SuipView>` from a
 * server component, and the server from the package (`npx suip serve`, `suip/agent`, a
 * `<suip-live>` page, and one with no bundler on `suip/browser` and no `--origins`), with its start
 * time against `npm run server`'s; and an app whose own Playwright test uses `suip/testing` to
 * replay a fixture exported from the playground.
 * Slow by nature (installs and builds): it runs once, in its own describe, serially.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
const version = (name: string) => lock.packages[`node_modules/${name}`]?.version ?? 'latest';
const versions: Record<string, string> = Object.fromEntries(
  [
    '@playwright/test',
    'vite',
    'esbuild',
    'webpack',
    'webpack-cli',
    'react',
    'react-dom',
    'ws',
    'better-sqlite3',
    // The TypeScript apps (Next.js, React) as their scaffolds write them.
    'typescript',
    '@types/node',
    '@types/react',
    '@types/react-dom',
  ].map((name) => [name, version(name)]),
);
const apps = consumerApps(versions);
const next = nextApp(versions);
const server = serverApp(versions);
const testing = testingApp(versions);
/** Child processes this spec started (their process groups are ended after each test). */
const children: ChildProcess[] = [];

/** Spawn in its own process group (npx and next start children of their own), output collected. */
function start(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): ChildProcess & { output: () => string } {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** The first match of `pattern` in the child's output; rejects with the output if it exits first or takes over `ms`. */
function waitFor(
  child: ChildProcess & { output: () => string },
  pattern: RegExp,
  ms = 60_000,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(child.output());
      if (match) done(() => resolve(match));
    };
    const exited = (code: number | null) =>
      done(() => reject(new Error(`exited (${code}) before ${pattern}:\n${child.output()}`)));
    const timer = setTimeout(
      () => done(() => reject(new Error(`no ${pattern} after ${ms} ms:\n${child.output()}`))),
      ms,
    );
    const done = (then: () => void) => {
      clearTimeout(timer);
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', exited);
      then();
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', exited);
    check();
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

/**
 * The doc's agent (`agent.mjs`, docs/server.md) as a process: it publishes the session, prints
 * `{sessionId, wsToken}` for the page, then waits for the user's action.
 */
async function startAgent(folder: string, url: string, agentToken: string) {
  const agent = start(process.execPath, ['agent.mjs'], {
    cwd: folder,
    env: { SUIP_URL: url, SUIP_AGENT_TOKEN: agentToken },
  });
  const [printed] = await waitFor(agent, /^\{"sessionId".*\}$/m);
  const { sessionId, wsToken } = JSON.parse(printed) as { sessionId: string; wsToken: string };
  return { agent, sessionId, wsToken };
}

/** The round trip's last leg: the click reached the agent as an action, which it printed, drained and exited. */
async function expectActionBack(agent: ReturnType<typeof start>, sessionId: string): Promise<void> {
  const [, payload] = await waitFor(agent, /^the user did (.*)$/m);
  expect(JSON.parse(payload!)).toMatchObject({ sessionId, type: 'add', payload: { n: 1 } });
  const code = agent.exitCode ?? (await new Promise((resolve) => agent.once('exit', resolve)));
  expect(code, agent.output()).toBe(0);
}

let work: string;
let tarball: string;
let files: string[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(join(tmpdir(), 'suip-consumers-'));
  // `npm pack` runs `prepack`, which builds the package.
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(work, packed[0]!.filename);
  files = packed[0]!.files.map((file) => file.path);
  for (const app of [...apps, next, server, testing]) {
    const folder = join(work, app.name);
    writeApp(folder, app, `file:${tarball}`);
    // The server app's better-sqlite3 would compile its addon (no prebuilt download here: about
    // 3 minutes on this machine); its scripts are skipped and the addon this repository built for
    // the same Node and version is copied in. suip itself has no install script.
    const scripts = app === server ? ['--ignore-scripts'] : [];
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error', ...scripts], {
      cwd: folder,
      stdio: 'pipe',
    });
    if (app === server) {
      const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
      execFileSync('mkdir', ['-p', join(folder, addon, '..')]);
      copyFileSync(join(root, addon), join(folder, addon));
    }
    if (app.build)
      execFileSync('npx', ['--no-install', ...app.build], {
        cwd: folder,
        stdio: 'pipe',
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      });
  }
});

test.afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball ships the built entries, types, the sandbox document, LICENSE and CHANGELOG — and no test, fixture, bench or playground file', () => {
  expect(files).toEqual(
    expect.arrayContaining([
      'LICENSE',
      'CHANGELOG.md',
      'README.md',
      'package.json',
      'dist/lib/renderer.js',
      'dist/lib/headless.js',
      'dist/lib/kit.js',
      'dist/lib/react.js',
      'dist/lib/a2ui.js',
      'dist/lib/live.js',
      'dist/lib/browser/suip.js',
      'dist/lib/suip-sandbox.html',
      'dist/lib/types/renderer/index.d.ts',
      'dist/lib/node/cli.js',
      'dist/lib/node/server.js',
      'dist/lib/node/agent.js',
      'dist/lib/types/server/bin/server.d.ts',
      'dist/lib/types/server/bin/agent.d.ts',
    ]),
  );
  expect(
    files.filter((path) => /(^|\/)(e2e|bench|playground|examples|fixtures?)\/|\.test\.|\.spec\./.test(path)),
  ).toEqual([]);
});

test('a consumer file typechecks against the packed types, and a wrong call is a type error', () => {
  const folder = join(work, 'vite');
  writeFileSync(
    join(folder, 'consumer.ts'),
    `import { createRenderer, SuipHostError, type GeneratorHandle } from 'suip';
import { BUILTIN_VOCABULARY, createGroupChecker } from 'suip/headless';
import { systemPrompt, connectGenerator, group, text } from 'suip/kit';
import { SuipView, useSuip } from 'suip/react';
import { createA2uiClient } from 'suip/a2ui';
import { connectLiveProgram, type LiveStatus } from 'suip/live';
import { readConfig, startServer, type SuipServer } from 'suip/server';
import { createAgentClient, serveRemoteGenerator, type AgentClient } from 'suip/agent';
export async function start(element: HTMLElement): Promise<GeneratorHandle> {
  const renderer = createRenderer(element, { hostContext: { theme: 'dark', locale: 'en' } });
  const handle = await renderer.attach({ id: 'a', code: 'suip.render(suip.text("hi"))', outputs: ['action'] });
  handle.onOutput((channel: string, value: unknown) => console.log(channel, value));
  // @ts-expect-error maxNodes is a number
  createRenderer(element, { limits: { maxNodes: 'many' } });
  return handle;
}
export const checks = [SuipHostError, BUILTIN_VOCABULARY.length, createGroupChecker, systemPrompt(BUILTIN_VOCABULARY).length, connectGenerator, group('card', [['t', text('x')]]), SuipView, useSuip, createA2uiClient, connectLiveProgram];
export const status: LiveStatus = 'connected';
export async function serve(): Promise<[SuipServer, AgentClient]> {
  const running = await startServer(readConfig(['--port', '0'], {}), { log: () => undefined });
  // @ts-expect-error the agent client needs its token
  createAgentClient({ url: running.url });
  return [running, createAgentClient({ url: running.url, agentToken: 't' })];
}
export const remote = serveRemoteGenerator;
`,
  );
  // The server entries' types name Node's (`NodeJS.ProcessEnv`, `http.Server`): the repository's @types/node stands in for the app's.
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        typeRoots: [join(root, 'node_modules/@types')],
      },
      files: ['consumer.ts'],
    }),
  );
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', folder], { cwd: folder, stdio: 'pipe' });
});

test("the doc's server route, run as a real Node process against the installed package, asks a model with systemPrompt() and answers the program", async () => {
  const model = await startFakeLlmServer(() => `Here is your UI:\n\n\`\`\`js\n${COUNTER_PROGRAM}\n\`\`\``);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: join(work, 'vite'),
    env: { ...process.env, LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'scripted', PORT: String(port) },
    stdio: 'pipe',
  });
  try {
    let code = '';
    for (let attempt = 0; attempt < 100 && code === ''; attempt += 1) {
      code = await fetch(`http://127.0.0.1:${port}/api/generate-ui`).then(
        (r) => r.text(),
        () => '',
      );
      if (code === '') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(code.trim()).toBe(COUNTER_PROGRAM);
    expect(model.requests[0]!.messages[0]!.content).toContain('suip');
    expect(model.requests[0]!.messages[0]!.content.length).toBeGreaterThan(1000);
  } finally {
    child.kill();
    await model.close();
  }
});

test('components: a host-registered product-card renders with the host element, and its vocabulary errors name it', async ({
  page,
}) => {
  const server = await startStaticServer(join(work, 'components', 'dist'), '/', {
    '/api/generate-ui': PRODUCT_PROGRAM,
  });
  try {
    await page.goto(server.url);
    await expect(page.locator('product-card')).toHaveText('Desk lamp — €39', { timeout: 20_000 });
    await expect(page.locator('body')).toHaveAttribute(
      'data-last-error',
      /"product-card".*"price"|"price".*"product-card"/,
      { timeout: 20_000 },
    );
    await expect(page.locator('product-card')).toHaveCount(1);
  } finally {
    await server.close();
  }
});

/** The README's quick start built into `dist`, served and clicked: Oslo's weather shows, its action comes back. */
async function expectQuickStartRoundTrip(page: Page, dist: string): Promise<void> {
  const server = await startStaticServer(dist);
  try {
    await page.goto(server.url);
    await expect(page.getByText('Weather for Oslo')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Choose Oslo' }).click();
    await expect(page.getByText('The user chose {"type":"choose","city":"Oslo"} on action')).toBeVisible();
  } finally {
    await server.close();
  }
}

test("quick start: the README's inline program in a Vite main.ts takes props, hands its click's action back", async ({
  page,
}) => {
  await expectQuickStartRoundTrip(page, join(work, 'quick-start', 'dist'));
});

for (const app of apps.filter((a) => a.name !== 'components' && a.name !== 'quick-start')) {
  test(`${app.name}: the installed package renders, reacts and follows the host's dark theme`, async ({ page }) => {
    // The doc's snippets ask their server for the model's program; here it is the counter.
    const server = await startStaticServer(join(work, app.name, app.serve), '/', {
      '/api/generate-ui': COUNTER_PROGRAM,
    });
    try {
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(server.url);
      await expect(page.getByText('Packaged counter')).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Add one' }).click();
      await expect(page.getByText('Clicked 1 times')).toBeVisible();
      const color = await page.getByText('Packaged counter').evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
      // Dark theme: light text.
      expect((0.2126 * r + 0.7152 * g + 0.0722 * b) / 255, color).toBeGreaterThan(0.6);
      if (app.name === 'react') await expect(page.getByText('Status: ready')).toBeVisible();
      await expect(page.locator('body[data-ready=yes]')).toHaveCount(1);
      expect(failed).toEqual([]);
    } finally {
      await server.close();
    }
  });
}

test('the built suip/react starts with "use client", so a React server component may import it', () => {
  const built = readFileSync(join(work, 'next', 'node_modules/suip/dist/lib/react.js'), 'utf8');
  expect(built).toMatch(/^['"]use client['"];/);
});

test('next: a server component asks the model and renders <SuipView>; after next build (which prerenders a static one), next start on 127.0.0.1 serves both and a click changes them', async ({
  page,
}) => {
  const model = await startFakeLlmServer(() => `Here is your UI:\n\n\`\`\`js\n${COUNTER_PROGRAM}\n\`\`\``);
  try {
    const app = start('npx', ['--no-install', 'next', 'start', '-H', '127.0.0.1', '-p', '0'], {
      cwd: join(work, 'next'),
      env: { LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'scripted' },
    });
    const [, url] = await waitFor(app, /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url!);
    await expect(page.getByRole('heading', { name: 'Consumer app' })).toBeVisible();
    await expect(page.getByText('Packaged counter')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Add one' }).click();
    await expect(page.getByText('Clicked 1 times')).toBeVisible();
    // The model was asked on the server, with the system prompt; the page never saw the endpoint.
    expect(model.requests[0]!.messages[0]!.content).toContain('suip');
    expect(await page.content()).not.toContain(model.baseUrl);
    // The page next build prerendered (where a missing 'use client' failed the build) runs too.
    await page.goto(`${url}/static`);
    await expect(page.getByRole('heading', { name: 'Prerendered' })).toBeVisible();
    await page.getByRole('button', { name: 'Add one' }).click();
    await expect(page.getByText('Clicked 1 times')).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await model.close();
  }
});

test('server: npx suip serve from the installed tarball listens; an agent on suip/agent publishes a program that a <suip-live> page shows and runs', async ({
  page,
}) => {
  const folder = join(work, 'server');
  const data = mkdtempSync(join(work, 'data-'));
  const site = await startStaticServer(join(folder, 'dist'));
  try {
    const suip = start(
      'npx',
      ['--no-install', 'suip', 'serve', '--port', '0', '--data-dir', data, '--origins', new URL(site.url).origin],
      { cwd: folder },
    );
    const [, url] = await waitFor(suip, /^listening (http:\/\/127\.0\.0\.1:\d+)$/m);
    const agentToken = readFileSync(join(data, 'agent-token'), 'utf8').trim();
    const { agent, sessionId, wsToken } = await startAgent(folder, url!, agentToken);
    const query = new URLSearchParams({ url: `${url!.replace('http', 'ws')}/ws`, session: sessionId, token: wsToken });
    await page.goto(`${site.url}?${query}`);
    const live = page.locator('suip-live');
    await expect(live.getByText('Agent counter')).toBeVisible({ timeout: 20_000 });
    await live.getByRole('button', { name: 'Add one' }).click();
    await expect(live.getByText('Clicked 1 times')).toBeVisible();
    await expectActionBack(agent, sessionId);
    await expect(live).toHaveAttribute('status', 'connected');
  } finally {
    await site.close();
  }
});

test('server, no bundler: <suip-live> from suip/browser on a page from 127.0.0.1 shows and runs the session, with no --origins (the loopback default)', async ({
  page,
}) => {
  const folder = join(work, 'server');
  const data = mkdtempSync(join(work, 'data-'));
  const site = await startStaticServer(folder);
  try {
    const suip = start('npx', ['--no-install', 'suip', 'serve', '--port', '0', '--data-dir', data], { cwd: folder });
    const [, url] = await waitFor(suip, /^listening (http:\/\/127\.0\.0\.1:\d+)$/m);
    const agentToken = readFileSync(join(data, 'agent-token'), 'utf8').trim();
    const { agent, sessionId, wsToken } = await startAgent(folder, url!, agentToken);
    const query = new URLSearchParams({ url: `${url!.replace('http', 'ws')}/ws`, session: sessionId, token: wsToken });
    await page.goto(`${site.url}live.html?${query}`);
    const live = page.locator('suip-live');
    await expect(live.getByText('Agent counter')).toBeVisible({ timeout: 20_000 });
    await live.getByRole('button', { name: 'Add one' }).click();
    await expect(live.getByText('Clicked 1 times')).toBeVisible();
    await expectActionBack(agent, sessionId);
    await expect(live).toHaveAttribute('status', 'connected');
    await expect(page.locator('#problem')).toBeHidden();
    expect(suip.output()).not.toContain('ORIGIN_NOT_ALLOWED');
  } finally {
    await site.close();
  }
});

test("testing: the doc's suip/testing spec, run by the app's own npx playwright test, replays a playground fixture into the no-bundler page with no model", async () => {
  const folder = join(work, 'testing');
  const site = await startStaticServer(folder);
  try {
    // The app's page asks /api/generate-ui; nothing answers it but the fixture the spec routes.
    const run = start('npx', ['--no-install', 'playwright', 'test'], {
      cwd: folder,
      env: { APP_URL: site.url, CI: '' },
    });
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    expect(run.output()).toContain('1 passed');
    expect(code).toBe(0);
  } finally {
    await site.close();
  }
});

test("server: the doc's suip/server snippet, run as a Node process, starts a server that answers /healthz", async () => {
  const folder = join(work, 'server');
  const child = start(process.execPath, ['server.mjs'], { cwd: folder });
  const [, url] = await waitFor(child, /suip at (http:\/\/127\.0\.0\.1:\d+)/);
  expect(await fetch(`${url}/healthz`).then((r) => r.json())).toEqual({ ok: true, ledger: 'sqlite' });
});

test('server: without its optional peers the CLI exits 1 and names the package to install', async () => {
  // The vite app installed suip alone (no ws, no better-sqlite3).
  const data = mkdtempSync(join(work, 'data-'));
  const cli = start(
    process.execPath,
    ['node_modules/suip/dist/lib/node/cli.js', 'serve', '--port', '0', '--data-dir', data],
    { cwd: join(work, 'vite') },
  );
  const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  expect(code).toBe(1);
  expect(cli.output()).toMatch(
    /suip needs the optional package "(better-sqlite3|ws)" .*npm install (better-sqlite3|ws)/,
  );
  const usage = start(process.execPath, ['node_modules/suip/dist/lib/node/cli.js', 'serve', '--port', 'many'], {
    cwd: join(work, 'server'),
  });
  expect(await new Promise<number | null>((resolve) => usage.once('exit', resolve))).toBe(2);
  expect(usage.output()).toContain('--port must be 0..65535');
});

test('mcp: suip mcp from the installed tarball serves a render and idles under 150 MB RSS', async () => {
  test.skip(process.platform !== 'linux', 'reads /proc');
  const cli = start(process.execPath, ['node_modules/suip/dist/lib/node/cli.js', 'mcp', '--port', '0'], {
    cwd: join(work, 'server'),
  });
  const [, url] = await waitFor(cli, /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)$/m);
  const answer = await fetch(url!, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'suip_render', arguments: { program: 'suip.render(suip.text("hi"))' } },
    }),
  });
  expect(await answer.text()).toContain('"isError":false');
  // Issue 44's budget for an idle `suip mcp`; measured 92 MB idle, 97 MB after a render (Node 20).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${cli.pid}/status`, 'utf8'))![1]) / 1024;
  expect(rss).toBeLessThan(150);
});

test('server: the prebuilt CLI reaches "listening" at least twice as fast as npm run server (tsx), measured in one run', async () => {
  // A timing ratio, which a busy machine can flip (at load 44 its eight starts outlasted the test's minute): it runs
  // with SUIP_LOAD_TESTS=1 on a quiet machine, like `npm run test:load`, not in `npm test`.
  test.skip(process.env.SUIP_LOAD_TESTS !== '1', 'a timing ratio: SUIP_LOAD_TESTS=1 on a quiet machine');
  test.setTimeout(300_000);
  const timeToListen = async (command: string, args: string[], cwd: string) => {
    const began = performance.now();
    const child = start(command, [...args, '--port', '0', '--data-dir', mkdtempSync(join(work, 'data-'))], { cwd });
    await waitFor(child, /^listening /m);
    const ms = performance.now() - began;
    await stop(child);
    return ms;
  };
  const prebuilt: number[] = [];
  const tsx: number[] = [];
  // Interleaved, so a burst of load on the shared machine hits both alike.
  for (let run = 0; run < 4; run += 1) {
    prebuilt.push(
      await timeToListen(process.execPath, ['node_modules/suip/dist/lib/node/cli.js', 'serve'], join(work, 'server')),
    );
    tsx.push(await timeToListen('npm', ['run', 'server', '--'], root));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `spawn → listening, ms: prebuilt ${prebuilt.map(Math.round).join(', ')} (median ${Math.round(median(prebuilt))}); npm run server ${tsx.map(Math.round).join(', ')} (median ${Math.round(median(tsx))})`,
  );
  expect(median(prebuilt) * 2).toBeLessThan(median(tsx));
});

test("git install: npm install git+file://<a clone> builds the package in the clone's prepare step; it ships what npm pack ships, its entries load, and the README's quick start renders from it", async ({
  page,
}) => {
  // Slow by nature: npm clones the repository, installs its devDependencies in that clone (compiling better-sqlite3's
  // addon where no prebuilt one can be fetched) and builds dist/lib/ there (`prepare`): 42 min on the shared 2-core
  // machine at load ~25. No time limit (a busy machine would flip one); the install's own timeout ends a hang.
  // So it is a stage of its own (`npm run test:git-install`), not part of every `npm test`.
  test.skip(process.env.SUIP_GIT_INSTALL !== '1', 'about 40 minutes: npm run test:git-install');
  test.setTimeout(0);
  const clone = join(work, 'git-clone');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'pipe' }); // the commit at HEAD
  const folder = join(work, 'git-install');
  writeApp(folder, { ...apps.find((a) => a.name === 'quick-start')!, name: 'git-install' }, `git+file://${clone}`);
  const began = performance.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], {
    cwd: folder,
    stdio: 'pipe',
    timeout: 3 * 3600_000,
  });
  console.log(`npm install git+file://… took ${Math.round((performance.now() - began) / 1000)} s`);
  const installed = join(folder, 'node_modules/suip');
  // The files npm pack ships, and nothing of the clone's build (no node_modules, sources or tests).
  const walk = (dir: string): string[] =>
    readdirSync(join(installed, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  // Chunk names carry a content hash: the clone is HEAD, the tarball the working tree, which may differ while one edits.
  const unhashed = (paths: string[]) => paths.map((path) => path.replace(/-[\w-]{8}(\.js(\.map)?)$/, '$1')).sort();
  expect(unhashed(walk(''))).toEqual(unhashed(files));
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types: string; import: string }>;
  };
  for (const [entry, target] of Object.entries(manifest.exports))
    for (const file of typeof target === 'string' ? [target] : [target.types, target.import])
      expect(existsSync(join(installed, file)), `${entry} → ${file}`).toBe(true);
  // The Node entries load in Node; the suip command is linked.
  const loaded = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { BUILTIN_VOCABULARY } = await import('suip/headless'); const { systemPrompt } = await import('suip/kit');
console.log(JSON.stringify({ types: BUILTIN_VOCABULARY.length, prompt: systemPrompt(BUILTIN_VOCABULARY).length }));`,
    ],
    { cwd: folder, encoding: 'utf8' },
  );
  expect(JSON.parse(loaded)).toMatchObject({ types: expect.any(Number), prompt: expect.any(Number) });
  expect(JSON.parse(loaded).prompt).toBeGreaterThan(1000);
  expect(execFileSync('npx', ['--no-install', 'suip', '--help'], { cwd: folder, encoding: 'utf8' })).toContain(
    'usage: suip serve',
  );
  // The browser entry, bundled by the app's own Vite: the README's quick start takes props and hands its action back.
  execFileSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], { cwd: folder, stdio: 'pipe' });
  await expectQuickStartRoundTrip(page, join(folder, 'dist'));
});
