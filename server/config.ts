import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { registerSecret } from '../shared/redact.ts';
import type { ChatTimeouts } from '../generator/model/chat-client.ts';

/** The server's configuration: flags first, then environment, then defaults (zero configuration runs). */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Redis Streams for many processes; absent = the embedded SQLite file. */
  redisUrl?: string;
  /**
   * A Redis Cluster's node URLs instead (`--redis-cluster`, SUIP_REDIS_CLUSTER; comma-separated; any reachable node
   * finds the rest).
   */
  redisCluster?: string[];
  origins: string[];
  /**
   * `Host` values the server answers to besides its loopback names (`--hosts`, SUIP_HOSTS; `*` = any, behind a proxy).
   */
  hosts: string[];
  secret: string;
  agentToken: string;
  /** Live channel: frames kept per session for resume (`--window`, default 10,000). */
  window?: number;
  /** Bytes a session's stream may hold (`--quota-mb`, SUIP_QUOTA_MB, in MiB; default 64). */
  quotaMb?: number;
  /** Live channel: `reject` (default) closes on a version mismatch, `advisory` keeps the socket. */
  versionPolicy: 'reject' | 'advisory';
  /** Open sockets one remote address may hold (`--sockets-per-address`, SUIP_SOCKETS_PER_ADDRESS; default 256). */
  socketsPerAddress?: number;
  /** Reverse proxies whose `X-Forwarded-For` names the client for the budgets (`--trust-proxy`, SUIP_TRUST_PROXY). */
  trustProxy?: string[];
  /**
   * Milliseconds a live-channel socket may stay without a subscribe (`--handshake-ms`, SUIP_HANDSHAKE_MS; default
   * 10,000).
   */
  handshakeMs?: number;
  /** The model behind `POST /genUI`: any OpenAI-compatible streaming endpoint. Absent = the route answers 503. */
  llm?: LlmConfig;
}

/**
 * An OpenAI-compatible chat-completions endpoint. SECURITY: `apiKey` comes from the environment or
 * a file, never from argv (`ps` and npm's banner show argv); it is registered with the redaction
 * layer at start, so no log line and no relayed error can carry it.
 */
export interface LlmConfig {
  /** Base URL up to the version, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  apiKey: string;
  /** Offer the UI commands as tools (default true); false for endpoints without tool calling (fenced JSONL only). */
  tools: boolean;
  /** First-byte, idle and total limits of one model stream (defaults of `streamChat`: 30 s, 30 s, 180 s). */
  timeouts?: Partial<ChatTimeouts>;
}

/** The most a key file may hold (a key is a line; anything bigger is the wrong file). */
const MAX_KEY_FILE_BYTES = 64 * 1024;

/**
 * A secret setting (the model key, the agent token, the token secret): `<ENV>`, or the first
 * line of `--<name>-file` / `<ENV>_FILE`. SECURITY: `--<name> <value>` is refused: a value on the
 * command line is visible to every user of the machine (`ps`, /proc/<pid>/cmdline) and echoed by
 * npm's banner. The refusal never repeats the value.
 */
export function secretSetting(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  name: string,
  envName: string,
): string | undefined {
  if (argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))) {
    throw new Error(
      `--${name} is refused: a secret on the command line shows in \`ps\` and in ` +
        `npm's banner. Put it in the environment (${envName}=…) or in a file readable ` +
        `only by you (--${name}-file <path>, or ${envName}_FILE=<path>).`,
    );
  }
  const file = flag(argv, `${name}-file`) ?? env[`${envName}_FILE`];
  if (file === undefined || file === '') return env[envName]?.trim() || undefined;
  let text: string;
  try {
    if (statSync(file).size > MAX_KEY_FILE_BYTES) throw new Error(`it is larger than ${MAX_KEY_FILE_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `--${name}-file ${JSON.stringify(file)} could not be read ` +
        `(${error instanceof Error ? error.message : String(error)}); give a file holding the ` +
        `secret on its first line`,
    );
  }
  return (text.split(/\r?\n/, 1)[0] ?? '').trim() || undefined;
}

/**
 * `--redis-cluster <url>,<url>…`: node URLs of one Redis Cluster (`redis://` or `rediss://`), or
 * undefined. Refused beside `--redis` (one ledger per process), and a URL that does not parse is
 * named with the fix.
 */
function redisClusterSetting(raw: string | undefined, redisUrl: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (redisUrl)
    throw new Error(
      '--redis and --redis-cluster (REDIS_URL, SUIP_REDIS_CLUSTER) are both ' +
        'set: give one; a cluster takes its node URLs in --redis-cluster',
    );
  const urls = raw
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls) {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      // named below
    }
    if (protocol !== 'redis:' && protocol !== 'rediss:')
      throw new Error(
        `--redis-cluster takes comma-separated redis://host:port URLs of the cluster's nodes ` +
          `(got ${JSON.stringify(url.replace(/\/\/[^@/]*@/, '//…@').slice(0, 60))})`,
      );
  }
  return urls;
}

/** A positive number of milliseconds from a flag or an environment variable, or undefined. */
function millis(argv: readonly string[], env: NodeJS.ProcessEnv, name: string, envName: string): number | undefined {
  const raw = flag(argv, name) ?? env[envName];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number of milliseconds (got ${JSON.stringify(raw.slice(0, 20))})`);
  return value;
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

/**
 * `--trust-proxy` / SUIP_TRUST_PROXY: a comma-separated list of proxy IP addresses. SECURITY: only
 * exact addresses, never "any" or a name: a header believed from anyone lets every client pick the
 * address its budgets are counted under.
 */
export function proxyList(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    if (isIP(item) !== 0) continue;
    const got = JSON.stringify(item.slice(0, 60));
    const example = 'e.g. --trust-proxy 10.0.0.5';
    throw new Error(`--trust-proxy takes IP addresses of reverse proxies, comma-separated (got ${got}); ${example}`);
  }
  return list;
}

/** `{[name]: n}` for a positive integer setting; nothing when unset; an error naming the flag otherwise. */
function positive<K extends string>(name: K, value: string | undefined): Partial<Record<K, number>> {
  if (value === undefined) return {};
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer (got ${JSON.stringify(value)})`);
  return { [name]: n } as Partial<Record<K, number>>;
}

/**
 * The configuration from `argv` and `env`. SECURITY: every secret it holds (the model key, the
 * agent token, the token secret) is registered with the redaction layer before it is returned.
 */
export function readConfig(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): ServerConfig {
  const dataDir = flag(argv, 'data-dir') ?? env.SUIP_DATA_DIR ?? '.suip-data';
  mkdirSync(dataDir, { recursive: true });
  const port = Number(flag(argv, 'port') ?? env.PORT ?? 6781);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0..65535 (got ${port})`);
  const redisUrl = flag(argv, 'redis') ?? env.REDIS_URL;
  const redisCluster = redisClusterSetting(flag(argv, 'redis-cluster') ?? env.SUIP_REDIS_CLUSTER, redisUrl);
  const llmUrl = flag(argv, 'llm-url') ?? env.SUIP_LLM_URL;
  const apiKey = secretSetting(argv, env, 'llm-key', 'SUIP_LLM_KEY') ?? '';
  const timeouts: Partial<ChatTimeouts> = {};
  const firstByteMs = millis(argv, env, 'llm-first-byte-ms', 'SUIP_LLM_FIRST_BYTE_MS');
  const idleMs = millis(argv, env, 'llm-idle-ms', 'SUIP_LLM_IDLE_MS');
  const totalMs = millis(argv, env, 'llm-total-ms', 'SUIP_LLM_TOTAL_MS');
  if (firstByteMs !== undefined) timeouts.firstByteMs = firstByteMs;
  if (idleMs !== undefined) timeouts.idleMs = idleMs;
  if (totalMs !== undefined) timeouts.totalMs = totalMs;
  const llm: LlmConfig | undefined = llmUrl
    ? {
        baseUrl: llmUrl,
        model: flag(argv, 'llm-model') ?? env.SUIP_LLM_MODEL ?? 'gpt-4o-mini',
        apiKey,
        tools: (flag(argv, 'llm-tools') ?? env.SUIP_LLM_TOOLS ?? 'true') !== 'false',
        ...(Object.keys(timeouts).length > 0 ? { timeouts } : {}),
      }
    : undefined;
  const secret = secretSetting(argv, env, 'secret', 'SUIP_SECRET') ?? storedSecret(dataDir, 'token-secret');
  const agentToken =
    secretSetting(argv, env, 'agent-token', 'SUIP_AGENT_TOKEN') ?? storedSecret(dataDir, 'agent-token');
  registerSecret(apiKey);
  registerSecret(secret);
  registerSecret(agentToken);
  return {
    ...(llm ? { llm } : {}),
    host: flag(argv, 'host') ?? env.SUIP_HOST ?? '127.0.0.1',
    port,
    dataDir,
    ...(redisUrl ? { redisUrl } : {}),
    ...(redisCluster ? { redisCluster } : {}),
    origins: (flag(argv, 'origins') ?? env.SUIP_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    hosts: (flag(argv, 'hosts') ?? env.SUIP_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    secret,
    agentToken,
    ...(flag(argv, 'window') !== undefined ? { window: Math.max(10, Number(flag(argv, 'window')) || 10_000) } : {}),
    versionPolicy: flag(argv, 'version-policy') === 'advisory' ? 'advisory' : 'reject',
    trustProxy: proxyList(flag(argv, 'trust-proxy') ?? env.SUIP_TRUST_PROXY),
    ...positive('socketsPerAddress', flag(argv, 'sockets-per-address') ?? env.SUIP_SOCKETS_PER_ADDRESS),
    ...positive('handshakeMs', flag(argv, 'handshake-ms') ?? env.SUIP_HANDSHAKE_MS),
    ...positive('quotaMb', flag(argv, 'quota-mb') ?? env.SUIP_QUOTA_MB),
  };
}
