import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SeedMessage } from '../../e2e/fixtures/runtime-ui/seed-check.ts';
import {
  startFakeLlmServer,
  type AnswerPicker,
  type FakeLlmServer,
} from '../../e2e/fixtures/fake-llm/fake-llm-server.ts';
import { createLineSplitter } from '../../shared/neighbours/runtime-ui/ndjson.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A suip runtime process (`server/runtime/main.ts`) spoken to over stdio, as a UI does. */
export interface RuntimeStdio {
  /** Every message the runtime wrote, in order. */
  messages: Array<Record<string, unknown>>;
  /** Both directions, for the seed-002 checker (`seedProblems`). */
  conversation: SeedMessage[];
  /** Everything it wrote to stdout and stderr. */
  output(): string;
  /** The next message (from now on) that matches. */
  next(match: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  send(message: Record<string, unknown>): void;
  /** The `initialize` handshake as UI `client`, answered. */
  initialize(client: string): Promise<void>;
  /** Called with each message as it arrives (a test answers requests from here). */
  onMessage?: (message: Record<string, unknown>) => void;
  /** Closes its stdin and waits for it to exit. */
  stop(): Promise<void>;
  /** SIGKILL: no cleanup at all. */
  kill(): Promise<void>;
}

/**
 * Test-only: starts the runtime against a model endpoint and a SQLite file, with only PATH and HOME in its environment.
 */
export function startRuntime(llmUrl: string, db: string, args: readonly string[] = []): RuntimeStdio {
  const loader = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      loader,
      join(ROOT, 'server/runtime/main.ts'),
      '--llm-url',
      llmUrl,
      '--model',
      'm1',
      '--db',
      db,
      ...args,
    ],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiting: Array<{
    match: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }> = [];
  const runtime: RuntimeStdio = {
    messages: [],
    conversation: [],
    output: () => stdout + stderr,
    next: (match) => new Promise((resolve) => waiting.push({ match, resolve })),
    send(message) {
      runtime.conversation.push({ from: 'ui', message });
      child.stdin.write(`${JSON.stringify(message)}\n`);
    },
    async initialize(client) {
      const answered = runtime.next((m) => m.id === 'i');
      runtime.send({
        jsonrpc: '2.0',
        id: 'i',
        method: 'initialize',
        params: { protocol_version: '0', client: { name: client, version: '1' } },
      });
      await answered;
    },
    async stop() {
      child.stdin.end();
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
  const splitter = createLineSplitter({
    line: (line) => {
      const message = JSON.parse(line) as Record<string, unknown>;
      runtime.messages.push(message);
      runtime.conversation.push({ from: 'runtime', message });
      runtime.onMessage?.(message);
      for (const w of waiting.splice(0)) {
        if (w.match(message)) w.resolve(message);
        else waiting.push(w);
      }
    },
    problem: (p) => runtime.conversation.push({ from: 'runtime', message: { problem: p.message } }),
  });
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), splitter.push(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return runtime;
}

/**
 * Test-only: a model endpoint that answers only a request carrying `key` (the one the runtime's
 * secret prompt is given) and 401 "an API key is needed" to any other, so the runtime asks for it.
 */
export function startKeyGatedModel(
  key: string,
  pick: AnswerPicker,
  options?: Parameters<typeof startFakeLlmServer>[1],
): Promise<FakeLlmServer> {
  return startFakeLlmServer((request) => {
    if (request.authorization !== `Bearer ${key}`)
      return { steps: [{ status: 401, body: '{"error":{"message":"an API key is needed"}}' }] };
    return pick(request);
  }, options);
}
