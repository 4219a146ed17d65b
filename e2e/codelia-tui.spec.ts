import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';
import { startFakeLlmServer, type FakeLlmServer } from './fixtures/fake-llm/fake-llm-server.ts';
import { pickScriptedAnswer, SCRIPTED_PROGRAM } from './fixtures/runtime-ui/model-script.ts';
import { seedProblems } from './fixtures/runtime-ui/seed-check.ts';

/**
 * A REAL seed-002 client nobody here wrote: codelia's Rust TUI (`@codelia/tui-linux-x64`, from the
 * npm registry) spawns `npm run runtime`'s program (CODELIA_RUNTIME_CMD / _ARGS) and is driven in
 * tmux with send-keys; the screen is read with capture-pane and the runtime's own log (every line
 * it received and sent) is read from its --log-file. The model is the scripted OpenAI-compatible
 * server; generated UIs are published to a real suip server process.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TUI = join(ROOT, 'node_modules/@codelia/tui-linux-x64/bin/codelia-tui');
const AGENT = 'agent-token-codelia-e2e';
const SOCKET = `suip-codelia-${process.pid}`;

let llm: FakeLlmServer;
let server: ServerProcess;
let dir: string;

const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'tui', '-S', '-200');
const type = (text: string) => {
  tmux('send-keys', '-t', 'tui', '-l', text);
  tmux('send-keys', '-t', 'tui', 'Enter');
};
const key = (name: string) => tmux('send-keys', '-t', 'tui', name);
const untilScreen = (pattern: RegExp, timeout = 20_000) =>
  expect.poll(screen, { timeout, message: `the TUI screen shows ${pattern}` }).toMatch(pattern);

/** Every protocol line the runtime logged, parsed: `{direction, message}`. */
function runtimeLog(): Array<{
  direction: 'in' | 'out';
  message: { id?: string; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown> };
}> {
  const file = join(dir, 'runtime.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((row) => {
      const entry = JSON.parse(row) as { direction: 'in' | 'out'; line: string };
      return { direction: entry.direction, message: JSON.parse(entry.line) as never };
    });
}

function startTui(...tuiArgs: string[]): void {
  // tsx by path: the TUI runs in a temp directory, where `--import tsx` would not resolve.
  const runtimeArgs = [
    '--import',
    pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
    join(ROOT, 'server/runtime/main.ts'),
    '--llm-url',
    llm.baseUrl,
    '--model',
    'scripted-1',
    '--models',
    'scripted-1,scripted-2',
    '--db',
    join(dir, 'runtime.sqlite'),
    '--log-file',
    join(dir, 'runtime.log'),
    '--server-url',
    server.url,
  ];
  // The TUI's stderr goes to a file (a failure to start is then readable), and the pane stays open after it exits.
  // The agent token travels in the environment (the runtime refuses it on its command line).
  const command = [
    `SUIP_AGENT_TOKEN=${AGENT}`,
    `CODELIA_RUNTIME_CMD=${process.execPath}`,
    `CODELIA_RUNTIME_ARGS='${runtimeArgs.join(' ')}'`,
    TUI,
    ...tuiArgs,
    `2>>${join(dir, 'tui.stderr')}; sleep 600`,
  ].join(' ');
  tmux('new-session', '-d', '-s', 'tui', '-x', '160', '-y', '50', '-c', dir, command);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'suip-codelia-'));
  llm = await startFakeLlmServer(pickScriptedAnswer, { chunkChars: 12, chunkDelayMs: 4 });
  server = await startServer(['--data-dir', join(dir, 'server'), '--agent-token', AGENT]);
});
test.afterAll(async () => {
  try {
    tmux('kill-server');
  } catch {
    // already gone
  }
  await server?.stop();
  await llm?.close();
  if (process.env.SUIP_KEEP_TMP !== '1') rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
});

test('codelia TUI ⇄ suip runtime: handshake, a streamed run, a pick and a confirm answered from the keyboard, a cancelled run', async () => {
  test.setTimeout(120_000);
  startTui();
  await untilScreen(/model: openai\/scripted-1/);

  // The handshake, as the runtime received and answered it.
  const init = runtimeLog().find((e) => e.direction === 'in' && e.message.method === 'initialize')!;
  expect(init.message.params).toMatchObject({
    protocol_version: '0',
    client: { name: 'codelia-tui' },
    ui_capabilities: { supports_confirm: true },
  });
  expect(
    runtimeLog().find((e) => e.direction === 'out' && e.message.id === init.message.id)!.message.result,
  ).toMatchObject({
    protocol_version: '0',
    server: { name: 'suip-runtime' },
    server_capabilities: { supports_run_cancel: true, supports_ui_requests: true },
  });
  expect(runtimeLog().some((e) => e.direction === 'in' && e.message.method === 'model.list')).toBe(true);

  // A prose run: the model's text on the TUI's screen.
  type('hello there');
  await untilScreen(/Hello from the suip runtime\.[\s\S]*Ask me to build a UI\.[\s\S]*● completed/);
  await untilScreen(/context left: \d+%/);

  // The model asks the user to choose: the TUI draws the runtime's ui.pick.request as a list; Down, Enter picks the second item.
  type('choose a layout please');
  await untilScreen(/Which layout\?[\s\S]*Cards - one card per task[\s\S]*Table/);
  key('Down');
  key('Enter');
  await untilScreen(/You chose Table\. I will lay it out that way\.[\s\S]*● completed/);
  const pick = runtimeLog().find((e) => e.direction === 'out' && e.message.method === 'ui.pick.request')!;
  expect(pick.message.params).toMatchObject({
    title: 'Which layout?',
    items: [
      { id: 'cards', label: 'Cards', detail: 'one card per task' },
      { id: 'table', label: 'Table' },
    ],
  });
  expect(runtimeLog().find((e) => e.direction === 'in' && e.message.id === pick.message.id)!.message.result).toEqual({
    ids: ['table'],
  });
  // The choice went back to the model as the next turn.
  expect(llm.requests.at(-1)!.messages.at(-1)!.content).toContain('chose: Table (table)');

  // A program run: the runtime asks to publish; the confirm is answered with Enter (1. Publish).
  type('build a signup card');
  await untilScreen(/Publish the generated UI\?[\s\S]*1\. Publish[\s\S]*2\. Discard/);
  key('Enter');
  await untilScreen(/The UI is live: open session (ses_\w+)/);
  const confirm = runtimeLog().find((e) => e.direction === 'out' && e.message.method === 'ui.confirm.request')!;
  expect(
    runtimeLog().find((e) => e.direction === 'in' && e.message.id === confirm.message.id)!.message.result,
  ).toMatchObject({ ok: true });
  // The published UI is a live session on the suip server, whose render is the model's program.
  const sessionId = /The UI is live: open session (ses_\w+)/.exec(screen())![1]!;
  const events = (await (
    await fetch(`${server.url}/api/sessions/${sessionId}/events?since=0`, {
      headers: { authorization: `Bearer ${AGENT}` },
    })
  ).json()) as { events: Array<{ kind: string; payload: { session?: { componentCode?: string; runtime?: string } } }> };
  const render = events.events.find((e) => e.kind === 'render')!;
  expect(render.payload.session).toMatchObject({ runtime: 'suip/1.0', componentCode: `${SCRIPTED_PROGRAM}\n` });

  // A slow run cancelled with Esc: run.cancel, status cancelled, and nothing after it for that run.
  type('go slow please');
  await untilScreen(/● running/);
  key('Escape');
  await untilScreen(/● cancelled/);
  const cancel = runtimeLog().find((e) => e.direction === 'in' && e.message.method === 'run.cancel')!;
  const runId = cancel.message.params!.run_id as string;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const forRun = runtimeLog().filter((e) => e.direction === 'out' && e.message.params?.run_id === runId);
  const cancelledAt = forRun.findIndex(
    (e) => e.message.method === 'run.status' && e.message.params!.status === 'cancelled',
  );
  expect(cancelledAt).toBeGreaterThan(-1);
  expect(forRun.slice(cancelledAt + 1)).toEqual([]);
  tmux('kill-session', '-t', 'tui');
  // Every line both ways (the TUI's and the runtime's) fits the seed-002 schemas.
  expect(
    seedProblems(runtimeLog().map((e) => ({ from: e.direction === 'in' ? 'ui' : 'runtime', message: e.message }))),
  ).toEqual([]);
});

test('codelia TUI --resume: the session list from the runtime SQLite file, and a session replayed', async () => {
  test.setTimeout(60_000);
  startTui('--resume');
  await untilScreen(/Resume session/);
  const list = runtimeLog().filter((e) => e.direction === 'in' && e.message.method === 'session.list');
  expect(list.length).toBeGreaterThan(0);
  // The four runs of the first test are one conversation (the TUI sends no session_id after the first run).
  await untilScreen(/\|\s+4 \| ses-\w+ \| go slow please/);
  key('Enter');
  await untilScreen(/History restored: \d+ events from 4 runs/);
  expect(screen()).toMatch(/> build a signup card/);
  expect(runtimeLog().some((e) => e.direction === 'in' && e.message.method === 'session.history')).toBe(true);
});
