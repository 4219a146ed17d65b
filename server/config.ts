import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server's configuration: flags first, then environment, then defaults (zero configuration runs). */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Redis Streams for many processes; absent = the embedded SQLite file. */
  redisUrl?: string;
  origins: string[];
  /** `Host` values the server answers to besides its loopback names (`--hosts`, SUIP_HOSTS; `*` = any, behind a proxy). */
  hosts: string[];
  secret: string;
  agentToken: string;
  /** Live channel: frames kept per session for resume (`--window`, default 10,000). */
  window?: number;
  /** Live channel: `reject` (default) closes on a version mismatch, `advisory` keeps the socket. */
  versionPolicy: 'reject' | 'advisory';
  /** Open sockets one remote address may hold (`--sockets-per-address`, SUIP_SOCKETS_PER_ADDRESS; default 256). */
  socketsPerAddress?: number;
  /** Milliseconds a live-channel socket may stay without a subscribe (`--handshake-ms`, SUIP_HANDSHAKE_MS; default 10,000). */
  handshakeMs?: number;
  /** The model behind `POST /genUI`: any OpenAI-compatible streaming endpoint. Absent = the route answers 503. */
  llm?: LlmConfig;
}

/** An OpenAI-compatible chat-completions endpoint. SECURITY: `apiKey` is never logged and never sent to a browser. */
export interface LlmConfig {
  /** Base URL up to the version, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  apiKey: string;
  /** Offer the UI commands as tools (default true); false for endpoints without tool calling (fenced JSONL only). */
  tools: boolean;
}

/** Read `--name value` / `--name=value` flags. */
function flag(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === `--${name}`) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** A secret kept in the data directory (0600), made on first start, so tokens survive a restart. */
function storedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = randomBytes(32).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** `{[name]: n}` for a positive integer setting; nothing when unset; an error naming the flag otherwise. */
function positive<K extends string>(name: K, value: string | undefined): Partial<Record<K, number>> {
  if (value === undefined) return {};
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got ${JSON.stringify(value)})`);
  return { [name]: n } as Partial<Record<K, number>>;
}

/** The configuration from `argv` and `env`. */
export function readConfig(argv: readonly string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = flag(argv, 'data-dir') ?? env.SUIP_DATA_DIR ?? '.suip-data';
  mkdirSync(dataDir, { recursive: true });
  const port = Number(flag(argv, 'port') ?? env.PORT ?? 6781);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535 (got ${port})`);
  const redisUrl = flag(argv, 'redis') ?? env.REDIS_URL;
  const llmUrl = flag(argv, 'llm-url') ?? env.SUIP_LLM_URL;
  const llm: LlmConfig | undefined = llmUrl
    ? { baseUrl: llmUrl, model: flag(argv, 'llm-model') ?? env.SUIP_LLM_MODEL ?? 'gpt-4o-mini', apiKey: flag(argv, 'llm-key') ?? env.SUIP_LLM_KEY ?? '', tools: (flag(argv, 'llm-tools') ?? env.SUIP_LLM_TOOLS ?? 'true') !== 'false' }
    : undefined;
  return {
    ...(llm ? { llm } : {}),
    host: flag(argv, 'host') ?? env.SUIP_HOST ?? '127.0.0.1',
    port,
    dataDir,
    ...(redisUrl ? { redisUrl } : {}),
    origins: (flag(argv, 'origins') ?? env.SUIP_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    hosts: (flag(argv, 'hosts') ?? env.SUIP_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    secret: flag(argv, 'secret') ?? env.SUIP_SECRET ?? storedSecret(dataDir, 'token-secret'),
    agentToken: flag(argv, 'agent-token') ?? env.SUIP_AGENT_TOKEN ?? storedSecret(dataDir, 'agent-token'),
    ...(flag(argv, 'window') !== undefined ? { window: Math.max(10, Number(flag(argv, 'window')) || 10_000) } : {}),
    versionPolicy: flag(argv, 'version-policy') === 'advisory' ? 'advisory' : 'reject',
    ...positive('socketsPerAddress', flag(argv, 'sockets-per-address') ?? env.SUIP_SOCKETS_PER_ADDRESS),
    ...positive('handshakeMs', flag(argv, 'handshake-ms') ?? env.SUIP_HANDSHAKE_MS),
  };
}
