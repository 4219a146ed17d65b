import { describe, expect, it } from 'vitest';
import { SANDBOX_ALLOW, SANDBOX_CSP, SANDBOX_TOKENS, sandboxAllow, sandboxSrcdoc } from './srcdoc.ts';

describe('sandbox srcdoc', () => {
  it('starts with the CSP meta, before any script', () => {
    const doc = sandboxSrcdoc('console.log(1)');
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<script'));
    expect(doc).toContain(`content="${SANDBOX_CSP}"`);
    expect(SANDBOX_CSP).toBe("default-src 'none'; script-src 'unsafe-inline'; worker-src blob:");
    expect(SANDBOX_TOKENS).toBe('allow-scripts');
  });

  it('cannot be ended early by "</script" or confused by "<!--" inside the relay', () => {
    const doc = sandboxSrcdoc('const a = "</script><img src=x onerror=alert(1)>"; const b = "<!--";');
    expect(doc.match(/<\/script/gi)).toHaveLength(1);
    expect(doc).not.toContain('<!--');
  });

  it('turns off the features whose default allowlist is *', () => {
    for (const feature of ['sync-xhr', 'picture-in-picture', 'storage-access', 'browsing-topics', 'attribution-reporting', 'shared-storage', 'run-ad-auction', 'join-ad-interest-group']) {
      expect(SANDBOX_ALLOW).toContain(`${feature} 'none'`);
    }
    // These two would freeze the relay (and its watchdog) while the 1px frame is off screen.
    expect(SANDBOX_ALLOW).not.toContain('execution-while');
  });

  it('names only the features the browser knows, so an attach logs no "Unrecognized feature" warning', () => {
    expect(sandboxAllow(['camera', 'sync-xhr', 'ch-ua'])).toBe("sync-xhr 'none'; camera 'none'");
    // A browser that does not list its features gets every one turned off.
    expect(sandboxAllow(undefined)).toBe(SANDBOX_ALLOW);
  });
});
