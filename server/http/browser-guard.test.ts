import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createBrowserGuard, developmentOrigins, isLoopbackHost, isLoopbackOrigin } from './browser-guard.ts';

const request = (host: string, origin?: string) =>
  ({ headers: { host, ...(origin !== undefined ? { origin } : {}) } }) as IncomingMessage;

describe('the development default for origins', () => {
  it('applies to a loopback bind with no --origins, and only then', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2'])
      expect(developmentOrigins({ host, origins: [] }), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'example.com', '127.0.0.1.example.com'])
      expect(developmentOrigins({ host, origins: [] }), host).toBe(false);
    expect(developmentOrigins({ host: '127.0.0.1', origins: ['https://app.example'] })).toBe(false);
    // Behind a proxy (`--hosts *`) the loopback bind is public: no development default.
    expect(developmentOrigins({ host: '127.0.0.1', origins: [], hosts: ['*'] })).toBe(false);
    expect(developmentOrigins({ host: '127.0.0.1', origins: [], hosts: ['app.example'] })).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
  });

  it('accepts loopback page origins at any port, and nothing that only looks like one', () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'http://[::1]:8080',
      'https://localhost',
      'http://LOCALHOST:1',
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(true);
    for (const origin of [
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example:80',
      'http://evil.example',
      'null',
      'file://',
      'ws://localhost:1',
      'http://localhost:1/path',
      'http://user@localhost',
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(false);
  });

  it('lets a loopback page through the guard with loopbackPages, refuses it without, and keeps the Host check (DNS rebinding) either way', () => {
    const dev = createBrowserGuard({ origins: [], loopbackPages: true });
    const strict = createBrowserGuard({ origins: [] });
    dev.listening(6781);
    strict.listening(6781);
    expect(dev.refuse(request('127.0.0.1:6781', 'http://localhost:5173'))).toBeUndefined();
    expect(dev.cors(request('127.0.0.1:6781', 'http://localhost:5173'))).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
    });
    expect(dev.refuse(request('127.0.0.1:6781', 'https://evil.example'))?.code).toBe('ORIGIN_NOT_ALLOWED');
    // A rebound name reaches the server with its own Host: refused before the Origin is looked at.
    expect(dev.refuse(request('evil.example:6781', 'http://localhost:5173'))?.code).toBe('HOST_NOT_ALLOWED');
    const refused = strict.refuse(request('127.0.0.1:6781', 'http://localhost:5173'));
    expect(refused?.code).toBe('ORIGIN_NOT_ALLOWED');
    expect(refused?.message).toContain('--origins http://localhost:5173');
  });
});
