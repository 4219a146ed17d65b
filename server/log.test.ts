import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSecretsForTests, registerSecret } from '../shared/redact.ts';
import { createLogger } from './log.ts';

afterEach(() => clearSecretsForTests());

describe('createLogger', () => {
  it('writes one JSON line per event with every secret removed from every field', () => {
    const stream = new PassThrough();
    let out = '';
    stream.on('data', (chunk: Buffer) => (out += chunk.toString()));
    registerSecret('sk-live-planted-key-42');
    const log = createLogger(stream);
    log({
      event: 'genui-model-failed',
      error: 'HTTP 401: you sent Authorization: Bearer sk-live-planted-key-42',
      url: '/ws?token=abc',
      token: 'x',
      detail: { inner: ['sk-live-planted-key-42'] },
    });
    const line = JSON.parse(out.trim()) as Record<string, unknown>;
    expect(out).not.toContain('planted-key');
    expect(line.url).toBe('/ws');
    expect(line.token).toBe('[redacted]');
    expect(line.error).toBe('HTTP 401: you sent Authorization: [redacted]');
    expect(line.detail).toEqual({ inner: ['[redacted]'] });
  });
});
