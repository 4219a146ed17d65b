import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxProxyDocument } from '../../shared/neighbours/mcp-apps/sandbox-proxy.ts';
import { serveSandboxProxy } from './sandbox-proxy-server.ts';

/** The sandbox proxy as a real server on 127.0.0.1: whom it answers, and the CSP it sends. */
let proxy: Awaited<ReturnType<typeof serveSandboxProxy>>;
const HOST = 'http://127.0.0.1:5999';

beforeAll(async () => {
  proxy = await serveSandboxProxy({ host: '127.0.0.1', port: 0, hostOrigins: [HOST] });
});
afterAll(async () => {
  await proxy?.close();
});

const get = (params: Record<string, string>) => fetch(`${proxy.url}?${new URLSearchParams(params)}`);

describe('serveSandboxProxy', () => {
  it('serves the proxy page to a configured host with the declared CSP as a header, framed by that host only', async () => {
    const response = await get({ host: HOST, csp: JSON.stringify({ connectDomains: ['https://api.example.com'] }) });
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain('connect-src https://api.example.com');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`frame-ancestors ${HOST}`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(html).toContain(JSON.stringify(HOST));
    expect(html).toContain('allow-scripts allow-forms');
  });

  it('gives the strictest policy when nothing is declared, and drops undeclarable entries', async () => {
    const csp = (await get({ host: HOST, csp: JSON.stringify({ connectDomains: ["* 'unsafe-eval'"] }) })).headers.get(
      'content-security-policy',
    )!;
    expect(csp).toContain("connect-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await get({ host: HOST })).headers.get('content-security-policy')).toContain("connect-src 'none'");
  });

  it('refuses other host origins, malformed or oversized csp, other paths and methods', async () => {
    expect((await get({ host: 'http://evil.example' })).status).toBe(403);
    expect((await get({ host: HOST, csp: '{not json' })).status).toBe(400);
    expect((await get({ host: HOST, csp: 'x'.repeat(9000) })).status).toBe(413);
    expect((await fetch(proxy.url.replace('sandbox.html', 'other'))).status).toBe(404);
    expect((await fetch(`${proxy.url}?host=${encodeURIComponent(HOST)}`, { method: 'POST' })).status).toBe(404);
  });

  it('keeps the host origin a string inside the script, even one that tries to close it', () => {
    const html = sandboxProxyDocument('http://a.example</script><script>alert(1)//');
    expect(html).not.toContain('</script><script>alert');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});
