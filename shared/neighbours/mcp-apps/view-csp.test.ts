import { describe, expect, it } from 'vitest';
import { cspOrigins, viewCsp } from './view-csp.ts';

describe('viewCsp', () => {
  it('allows nothing on the network when the resource declares nothing', () => {
    const csp = viewCsp(undefined);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain('worker-src blob:');
    expect(csp).not.toContain("'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('puts declared origins into their directives only', () => {
    const csp = viewCsp({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: ['https://player.example'],
    });
    expect(csp).toContain('connect-src https://api.example.com');
    expect(csp).toContain('img-src data: blob: https://*.cdn.example');
    expect(csp).toContain("script-src 'unsafe-inline' blob: https://*.cdn.example");
    expect(csp).toContain('frame-src https://player.example');
  });

  it('drops every entry that could add a keyword, a wildcard or a directive', () => {
    const hostile = [
      "https://a.example 'unsafe-eval'",
      'https://a.example; script-src *',
      '*',
      "'self'",
      'https://a.example/path',
      'javascript:alert(1)',
      'data:',
      'https://a.example\nconnect-src *',
      42,
      null,
    ];
    expect(cspOrigins(hostile)).toEqual([]);
    const csp = viewCsp({ connectDomains: hostile, resourceDomains: hostile });
    expect(csp).not.toMatch(/unsafe-eval|\*(?!\.)|javascript:/);
    expect(csp.split('; ')).toHaveLength(12);
  });

  it('takes at most 32 origins per directive and ignores non-arrays', () => {
    expect(cspOrigins(Array.from({ length: 50 }, (_, i) => `https://h${i}.example`))).toHaveLength(32);
    expect(cspOrigins('https://a.example')).toEqual([]);
  });
});
