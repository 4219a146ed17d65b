import { describe, expect, it } from 'vitest';
import { SANDBOX_CSP, sandboxSrcdoc } from './srcdoc.ts';

describe('sandbox srcdoc', () => {
  it('starts with the CSP meta, before any script', () => {
    const doc = sandboxSrcdoc('console.log(1)');
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script'));
    expect(doc).toContain(`content="${SANDBOX_CSP}"`);
    expect(SANDBOX_CSP).toBe("default-src 'none'; script-src 'unsafe-inline'; worker-src blob:");
  });

  it('cannot be ended early by "</script" or confused by "<!--" inside the relay', () => {
    const doc = sandboxSrcdoc('const a = "</script><img src=x onerror=alert(1)>"; const b = "<!--";');
    expect(doc.match(/<\/script/gi)).toHaveLength(1);
    expect(doc).not.toContain('<!--');
  });

  it('carries a start as inert JSON that no program text can end or turn into markup', () => {
    const code = 'const a = "</script><script>alert(1)</script>"; const b = "<!-- <script>"; const c = "\u2028&amp;";';
    const budgets = {
      maxMessageBytes: 1,
      maxMessagesPerSecond: 2,
      heartbeatIntervalMs: 3,
      heartbeatTimeoutMs: 4,
      startupTimeoutMs: 5,
    };
    const doc = sandboxSrcdoc('relay()', { suip: 'start', code, budgets });
    // The data block's own end and the relay's: the code added no tag, no comment, no `<` at all.
    expect(doc.match(/<\/script/gi)).toHaveLength(2);
    expect(doc).not.toContain('<!--');
    const block = /<script type="application\/json" id="suip-start">([^<]*)<\/script>/.exec(doc);
    expect(JSON.parse(block![1]!)).toEqual({ suip: 'start', code, budgets });
    // Before the relay, after the CSP.
    expect(doc.indexOf('suip-start')).toBeGreaterThan(doc.indexOf('Content-Security-Policy'));
    expect(doc.indexOf('suip-start')).toBeLessThan(doc.indexOf('relay()'));
    expect(sandboxSrcdoc('relay()')).not.toContain('suip-start');
  });
});
