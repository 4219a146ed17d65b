import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_ENV, runtimeEnv, spawnRuntime } from './runtime-process.ts';

/** A real child that prints its whole environment on stderr, as the bridge would spawn it. */
function envOfChild(env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let printed = '';
    spawnRuntime(
      process.execPath,
      ['-e', 'process.stderr.write(JSON.stringify(process.env) + "\\n")'],
      {
        line: () => undefined,
        violation: () => undefined,
        stderr: (text) => (printed += text),
        exit: () => resolve(JSON.parse(printed) as Record<string, string>),
      },
      { env, maxLineBytes: 1 << 20 },
    );
  });
}

describe('the runtime process environment', () => {
  const server = {
    ...process.env,
    SUIP_LLM_KEY: 'sk-canary-model-key',
    SUIP_SECRET: 'server-token-secret',
    AWS_SECRET_ACCESS_KEY: 'aws-canary',
    SUIP_LLM_URL: 'http://127.0.0.1:9/v1',
  };

  it('gets only the allow-listed variables: the model key and the server secrets never reach it', async () => {
    const seen = await envOfChild(runtimeEnv(server));
    expect(seen.PATH).toBe(process.env.PATH);
    expect(Object.keys(seen).every((name) => DEFAULT_RUNTIME_ENV.includes(name))).toBe(true);
    expect(JSON.stringify(seen)).not.toContain('canary');
    expect(JSON.stringify(seen)).not.toContain('server-token-secret');
  });

  it('gets a variable the operator names (--runtime-env), and only that one', async () => {
    const seen = await envOfChild(runtimeEnv(server, ['SUIP_LLM_URL']));
    expect(seen.SUIP_LLM_URL).toBe('http://127.0.0.1:9/v1');
    expect(seen.SUIP_LLM_KEY).toBeUndefined();
  });

  it('refuses a name that is not a variable name, with the fix', () => {
    expect(() => runtimeEnv(server, ['SUIP_LLM_KEY=x'])).toThrow(/--runtime-env names variables separated by commas/);
  });
});
