import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSecretsForTests, redact } from '../shared/redact.ts';
import { readConfig } from './config.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'suip-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  clearSecretsForTests();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('readConfig: the model key', () => {
  it('refuses --agent-token and --secret on the command line too, naming the environment and file alternatives', () => {
    expect(() => readConfig(['--data-dir', dataDir(), '--agent-token', 'agent-token-on-argv'], {})).toThrow(
      /--agent-token is refused.*SUIP_AGENT_TOKEN.*--agent-token-file/,
    );
    expect(() => readConfig(['--data-dir', dataDir(), '--secret=token-secret-on-argv'], {})).toThrow(
      /--secret is refused.*SUIP_SECRET.*--secret-file/,
    );
    expect(readConfig(['--data-dir', dataDir()], { SUIP_AGENT_TOKEN: 'agent-token-from-env' }).agentToken).toBe(
      'agent-token-from-env',
    );
  });

  it('refuses --llm-key on the command line and names both alternatives', () => {
    for (const argv of [['--llm-key', 'sk-argv-0123456789'], ['--llm-key=sk-argv-0123456789']]) {
      expect(() => readConfig(['--data-dir', dataDir(), '--llm-url', 'http://127.0.0.1:9/v1', ...argv], {})).toThrow(
        /--llm-key is refused.*SUIP_LLM_KEY.*--llm-key-file/,
      );
    }
  });

  it('takes the key from SUIP_LLM_KEY, or from the first line of --llm-key-file / SUIP_LLM_KEY_FILE, and registers it for redaction', () => {
    const dir = dataDir();
    const fromEnv = readConfig(['--data-dir', dir, '--llm-url', 'http://127.0.0.1:9/v1'], {
      SUIP_LLM_KEY: 'sk-env-0123456789',
    });
    expect(fromEnv.llm?.apiKey).toBe('sk-env-0123456789');
    const file = join(dir, 'key');
    writeFileSync(file, 'plain-file-key-0123456789\nsecond line ignored\n', { mode: 0o600 });
    expect(readConfig(['--data-dir', dir, '--llm-url', 'http://x/v1', '--llm-key-file', file], {}).llm?.apiKey).toBe(
      'plain-file-key-0123456789',
    );
    expect(readConfig(['--data-dir', dir, '--llm-url', 'http://x/v1'], { SUIP_LLM_KEY_FILE: file }).llm?.apiKey).toBe(
      'plain-file-key-0123456789',
    );
    // Registered: the key, the agent token and the token secret leave no text unredacted.
    const config = readConfig(['--data-dir', dir, '--llm-url', 'http://x/v1', '--llm-key-file', file], {});
    expect(redact(`a plain-file-key-0123456789 b ${config.agentToken} c ${config.secret}`)).toBe(
      'a [redacted] b [redacted] c [redacted]',
    );
  });

  it('says which file could not be read', () => {
    expect(() =>
      readConfig(['--data-dir', dataDir(), '--llm-url', 'http://x/v1', '--llm-key-file', '/nonexistent/key'], {}),
    ).toThrow(/--llm-key-file "\/nonexistent\/key" could not be read/);
  });

  it('reads the three model timeouts and refuses nonsense', () => {
    const config = readConfig(['--data-dir', dataDir(), '--llm-url', 'http://x/v1', '--llm-idle-ms', '5000'], {
      SUIP_LLM_TOTAL_MS: '60000',
    });
    expect(config.llm?.timeouts).toEqual({ idleMs: 5000, totalMs: 60000 });
    expect(() =>
      readConfig(['--data-dir', dataDir(), '--llm-url', 'http://x/v1', '--llm-first-byte-ms', 'soon'], {}),
    ).toThrow(/--llm-first-byte-ms must be a positive number/);
  });
});

describe('readConfig: the Redis Cluster', () => {
  it('takes --redis-cluster / SUIP_REDIS_CLUSTER as comma-separated node URLs; SQLite stays the default', () => {
    expect(readConfig(['--data-dir', dataDir()], {}).redisCluster).toBeUndefined();
    expect(
      readConfig(['--data-dir', dataDir(), '--redis-cluster', 'redis://10.0.0.1:7000, redis://10.0.0.2:7000'], {})
        .redisCluster,
    ).toEqual(['redis://10.0.0.1:7000', 'redis://10.0.0.2:7000']);
    expect(readConfig(['--data-dir', dataDir()], { SUIP_REDIS_CLUSTER: 'rediss://a:7000' }).redisCluster).toEqual([
      'rediss://a:7000',
    ]);
  });

  it('refuses it beside --redis, and a node that is not a redis:// URL, without echoing a password', () => {
    expect(() =>
      readConfig(['--data-dir', dataDir(), '--redis', 'redis://a:6379', '--redis-cluster', 'redis://b:7000'], {}),
    ).toThrow(/--redis and --redis-cluster .* both set/);
    let message = '';
    try {
      readConfig(['--data-dir', dataDir(), '--redis-cluster', 'http://user:hunter2@b:7000'], {});
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/--redis-cluster takes comma-separated redis:\/\/host:port URLs/);
    expect(message).not.toContain('hunter2');
  });
});

describe('readConfig: --trust-proxy', () => {
  it('takes exact IP addresses from the flag or SUIP_TRUST_PROXY, none by default, and refuses anything else', () => {
    expect(readConfig(['--data-dir', dataDir()], {}).trustProxy).toEqual([]);
    expect(readConfig(['--data-dir', dataDir(), '--trust-proxy', '10.0.0.5, ::1'], {}).trustProxy).toEqual([
      '10.0.0.5',
      '::1',
    ]);
    expect(readConfig(['--data-dir', dataDir()], { SUIP_TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(() => readConfig(['--data-dir', dataDir(), '--trust-proxy', '*'], {})).toThrow(
      /--trust-proxy takes IP addresses/,
    );
    expect(() => readConfig(['--data-dir', dataDir(), '--trust-proxy', '10.0.0.0/8'], {})).toThrow(
      /got "10\.0\.0\.0\/8"/,
    );
  });
});
