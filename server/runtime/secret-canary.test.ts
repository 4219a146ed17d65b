import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProblems, type SeedMessage } from '../../e2e/fixtures/runtime-ui/seed-check.ts';
import { createLineSplitter } from '../../shared/neighbours/runtime-ui/ndjson.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Planted values: one an endpoint echoes back, one `fetch` refuses as a header value (and names in its error). */
const CANARY_ECHOED = 'sk-canary-ECHO-7f3a91c2';
const CANARY_UNICODE = 'sk-canary-€-UNICODE-5b8d';

let dir: string;
let endpoint: Server;
const seen: Array<{ authorization: string | undefined; body: string }> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'suip-secret-prompt-'));
  // An endpoint that refuses every key and quotes it in the error, as real providers half do ("Incorrect API key provided: sk-…").
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ authorization: req.headers.authorization, body });
      res.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${req.headers.authorization ?? '(none)'}` },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
  if (process.env.SUIP_KEEP_TMP === '1') console.log(dir);
  else rmSync(dir, { recursive: true, force: true });
});

describe("a secret typed into the runtime's secret prompt (real runtime process)", () => {
  it('reaches the endpoint as the key, and no run.status, agent event, stderr line, --log-file line or model message', async () => {
    const logFile = join(dir, 'runtime.log');
    const child = spawn(
      process.execPath,
      [
        '--import',
        pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
        join(ROOT, 'server/runtime/main.ts'),
        '--llm-url',
        `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`,
        '--model',
        'm1',
        '--db',
        join(dir, 'runtime.sqlite'),
        '--log-file',
        logFile,
      ],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    const conversation: SeedMessage[] = [];
    const waiting: Array<{
      match: (m: Record<string, unknown>) => boolean;
      resolve: (m: Record<string, unknown>) => void;
    }> = [];
    const splitter = createLineSplitter({
      line: (line) => {
        const message = JSON.parse(line) as Record<string, unknown>;
        conversation.push({ from: 'runtime', message });
        for (const w of waiting.splice(0)) {
          if (w.match(message)) w.resolve(message);
          else waiting.push(w);
        }
      },
      problem: (p) => conversation.push({ from: 'runtime', message: { problem: p.message } }),
    });
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), splitter.push(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const next = (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => waiting.push({ match, resolve }));
    const send = (message: Record<string, unknown>) => {
      conversation.push({ from: 'ui', message });
      child.stdin.write(`${JSON.stringify(message)}\n`);
    };
    const params = (m: Record<string, unknown>) => m.params as Record<string, unknown>;

    send({
      jsonrpc: '2.0',
      id: 'ui-1',
      method: 'initialize',
      params: { protocol_version: '0', client: { name: 'secret-test', version: '1' } },
    });
    await next((m) => m.id === 'ui-1');
    const statuses: Array<Record<string, unknown>> = [];
    for (const [i, canary] of [CANARY_ECHOED, CANARY_UNICODE].entries()) {
      const prompt = next((m) => m.method === 'ui.prompt.request');
      send({
        jsonrpc: '2.0',
        id: `ui-run-${i}`,
        method: 'run.start',
        params: { input: { type: 'text', text: 'hello' } },
      });
      const asked = await prompt;
      expect(params(asked)).toMatchObject({ secret: true, title: 'API key needed' });
      const ended = next(
        (m) => m.method === 'run.status' && ['error', 'completed'].includes(params(m).status as string),
      );
      send({ jsonrpc: '2.0', id: asked.id, result: { value: canary } });
      statuses.push(params(await ended));
    }
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));

    // The keys were really used (the echoed one reached the endpoint; the other could not be sent as a header).
    expect(seen.map((s) => s.authorization)).toContain(`Bearer ${CANARY_ECHOED}`);
    // Each run ended in a precise error that names no key.
    for (const status of statuses)
      expect(status).toMatchObject({
        status: 'error',
        message: expect.stringContaining('did not accept the API key typed in the prompt'),
      });
    const escaped = (v: string) => JSON.stringify(v).slice(1, -1);
    expect(existsSync(logFile)).toBe(true);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('[secret redacted]');
    for (const canary of [CANARY_ECHOED, CANARY_UNICODE]) {
      for (const [where, text] of [
        ['stdout (run.status, agent.event)', stdout],
        ['stderr', stderr],
        ['--log-file', log],
        ['model messages', seen.map((s) => s.body).join('\n')],
      ] as const) {
        expect(text.includes(canary), `${where} holds the canary`).toBe(false);
        expect(text.includes(escaped(canary)), `${where} holds the canary (JSON-escaped)`).toBe(false);
        expect(text.includes('canary'), `${where} holds part of the canary`).toBe(false);
      }
    }
    // Every message both ways fits the seed-002 schemas.
    expect(seedProblems(conversation)).toEqual([]);
  }, 60_000);
});
