import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedRequest,
  type ScriptedAnswer,
} from '../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { startServer } from './testing/server-process.ts';
import { serverForSuite } from './testing/server-suite.ts';

/**
 * The secrets canary (issue 27): a real server process holds a planted model key (from the
 * environment), and its model endpoint echoes the Authorization header back in every way it can
 * (an HTTP error body, a mid-stream error event, an unreadable stream line, the bare key without
 * "Bearer"). Then every `/genUI` reply, the process's stdout and stderr, every file in its data
 * directory (the SQLite ledger included) and its `ps`-visible argv are searched for the key.
 */
const KEY = `canary${randomBytes(12).toString('hex')}`;
const bare = (r: RecordedRequest) => (r.authorization ?? '').replace(/^Bearer /, '');
const scenarios: Record<string, (r: RecordedRequest) => ScriptedAnswer> = {
  http: (r) => ({
    steps: [
      {
        status: 401,
        body: JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${bare(r)}. You sent Authorization: ${r.authorization}`,
            api_key: bare(r),
          },
        }),
      },
    ],
  }),
  midstream: (r) => ({
    steps: [
      { content: 'Starting. ' },
      {
        raw: `data: ${JSON.stringify({ error: { message: `quota exceeded for key ${bare(r)} (header ${r.authorization})` } })}\n\n`,
      },
    ],
  }),
  garbage: (r) => ({
    steps: [
      { content: 'Hello. ' },
      { raw: `data: not json, echo ${bare(r)} ${r.authorization}\n\n` },
      { raw: `x-debug: ${bare(r)}\n\n` },
      { content: 'Bye.' },
    ],
  }),
};

let llm: FakeLlmServer;
const bodies: string[] = [];
beforeAll(async () => {
  llm = await startFakeLlmServer((r) =>
    scenarios[(r.messages.find((m) => m.role === 'user')?.content ?? '').split(' ')[0]!]?.(r),
  );
});
afterAll(() => llm?.close());
const server = serverForSuite('suip-canary-', () => ['--llm-url', llm.baseUrl, '--llm-model', 'fake'], {
  env: { SUIP_LLM_KEY: KEY },
});
const dir = server.dir;

const genui = async (text: string) => {
  const response = await fetch(`${server.url}/genUI?stream=true`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      catalogDefinition: { protocolVersion: '1.0' },
      conversation: [{ role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });
  const body = await response.text();
  bodies.push(body);
  return { status: response.status, body };
};

/** Every file under a directory, as bytes. */
function files(root: string): Array<[string, Buffer]> {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path) : [[path, readFileSync(path)] as [string, Buffer]];
  });
}

describe('secrets canary', () => {
  it('the planted key reaches the model endpoint (the canary is alive)', async () => {
    await genui('garbage please');
    expect(llm.requests.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
  });

  it('the key is found 0 times in /genUI replies, logs, the data directory and argv', async () => {
    const http = await genui('http please');
    expect(http.status).toBe(502);
    expect(http.body).toContain('[redacted]');
    const midstream = await genui('midstream please');
    expect(midstream.status).toBe(200);
    expect(midstream.body).toContain('[redacted]');
    // The process has logged every failure (the logs are where an echo would land) before it is searched.
    await expect
      .poll(
        () =>
          server
            .output()
            .stderr.split('\n')
            .filter((l) => l.includes('genui-model-failed')).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const { stdout, stderr } = server.output();
    const cmdline = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8');
    const count = (text: string) => text.split(KEY).length - 1;
    const found = {
      replies: bodies.reduce((n, body) => n + count(body), 0),
      stdout: count(stdout),
      stderr: count(stderr),
      dataDir: files(dir).reduce((n, [, bytes]) => n + (bytes.includes(KEY) ? 1 : 0), 0),
      argv: count(cmdline),
    };
    expect(found).toEqual({ replies: 0, stdout: 0, stderr: 0, dataDir: 0, argv: 0 });
    // The searches looked at something: replies were answered, logs written, the ledger exists.
    expect(bodies.length).toBe(3);
    expect(stderr).toContain('genui-model-failed');
    expect(files(dir).some(([path]) => path.endsWith('ledger.sqlite'))).toBe(true);
  });

  it('--llm-key on the command line is refused at start, naming both alternatives, without echoing the key', async () => {
    const error = await startServer(['--data-dir', dir, '--llm-url', llm.baseUrl, '--llm-key', KEY]).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/--llm-key is refused.*SUIP_LLM_KEY.*--llm-key-file/s);
    expect(error?.message).not.toContain(KEY);
  });

  it('a model key too short to redact is said at start by its setting, never by its value', async () => {
    const short = 'k3y-w7';
    const own = mkdtempSync(join(tmpdir(), 'suip-short-key-'));
    const started = await startServer(['--data-dir', own, '--llm-url', llm.baseUrl], { SUIP_LLM_KEY: short });
    await started.stop();
    rmSync(own, { recursive: true, force: true });
    const { stderr, stdout } = started.output();
    expect(stderr + stdout).toMatch(/"event":"secret-too-short","setting":"SUIP_LLM_KEY".*at least 8 characters/);
    expect(stderr + stdout).not.toContain(short);
  });
});
