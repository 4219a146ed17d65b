import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createLineSplitter } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import { redactValue, registerSecret } from '../../shared/redact.ts';
import { secretSetting } from '../config.ts';
import { redactLine } from './redact.ts';
import { createSuipRuntime } from './runtime.ts';
import { openSessionStore } from './session-store.ts';

/**
 * `npm run runtime`: the suip runtime on stdio (seed 002, NDJSON JSON-RPC). Any seed-002 UI
 * spawns it (codelia's TUI with CODELIA_RUNTIME_CMD, the suip server's runtime bridge). stdout
 * carries protocol lines only; logs are JSON lines on stderr, and with `--log-file` every line
 * received and sent is appended there too (secret prompt answers redacted).
 *
 * Flags (or environment): --llm-url (SUIP_LLM_URL, an OpenAI-compatible base URL), --model
 * (SUIP_LLM_MODEL), --models a,b (SUIP_LLM_MODELS), SUIP_LLM_KEY, --db (SUIP_RUNTIME_DB, default
 * .suip-data/runtime.sqlite), --server-url (SUIP_SERVER_URL) with the agent token in SUIP_AGENT_TOKEN
 * or --agent-token-file (publish generated UIs as live sessions; a token on the command line is
 * refused, as the server refuses it), --log-file (SUIP_RUNTIME_LOG).
 */
const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = argv.indexOf(`--${name}`);
  if (at !== -1) return argv[at + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const llmUrl = flag('llm-url') ?? process.env.SUIP_LLM_URL ?? 'http://127.0.0.1:11434/v1';
const model = flag('model') ?? process.env.SUIP_LLM_MODEL ?? 'gpt-4o-mini';
const models = (flag('models') ?? process.env.SUIP_LLM_MODELS ?? model)
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);
const dbFile = flag('db') ?? process.env.SUIP_RUNTIME_DB ?? join('.suip-data', 'runtime.sqlite');
const serverUrl = flag('server-url') ?? process.env.SUIP_SERVER_URL;
let agentToken: string | undefined;
try {
  agentToken = secretSetting(argv, process.env, 'agent-token', 'SUIP_AGENT_TOKEN');
} catch (error) {
  process.stderr.write(`suip runtime: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
const logFile = flag('log-file') ?? process.env.SUIP_RUNTIME_LOG;

mkdirSync(dirname(dbFile), { recursive: true });
const store = openSessionStore(dbFile);
// SECURITY: the model key and the agent token are registered with the one redaction layer: no log line carries them,
// whatever an endpoint echoes.
for (const secret of [process.env.SUIP_LLM_KEY, agentToken]) if (secret) registerSecret(secret);
const log = (event: Record<string, unknown>) =>
  process.stderr.write(
    `${JSON.stringify({ at: new Date().toISOString(), ...(redactValue(event) as Record<string, unknown>) })}\n`,
  );
const secretIds = new Set<string>();
const trace = (direction: 'in' | 'out', line: string) => {
  if (logFile === undefined) return;
  appendFileSync(
    logFile,
    `${JSON.stringify({ at: new Date().toISOString(), direction, line: redactLine(line, secretIds, direction) })}\n`,
  );
};

const runtime = createSuipRuntime({
  send: (line) => {
    trace('out', line.trimEnd());
    process.stdout.write(line);
  },
  store,
  endpoint: { baseUrl: llmUrl, model, apiKey: process.env.SUIP_LLM_KEY ?? '' },
  models,
  ...(serverUrl && agentToken ? { server: { url: serverUrl, agentToken } } : {}),
  log,
});
const splitter = createLineSplitter({
  line: (line) => {
    trace('in', line);
    runtime.receiveLine(line);
  },
  // A line over the limit never reaches the peer: it is answered (-32600) and reported all the same.
  problem: (problem) => runtime.refuse(problem),
});
process.stdin.on('data', (chunk: Buffer) => splitter.push(chunk));
process.stdin.on('end', () => {
  splitter.end();
  runtime.close('the UI closed stdin');
  store.close();
  process.exit(0);
});
log({ event: 'started', llmUrl, model, db: dbFile, publishing: serverUrl !== undefined && agentToken !== undefined });
