import { describe, expect, it } from 'vitest';
import { SANDBOX_ALLOW, SANDBOX_TOKENS, sandboxAllow } from './sandbox-attributes.ts';

describe('sandbox iframe attributes', () => {
  it('is sandboxed with exactly allow-scripts', () => {
    expect(SANDBOX_TOKENS).toBe('allow-scripts');
  });

  it('turns off the features whose default allowlist is *', () => {
    for (const feature of [
      'sync-xhr',
      'picture-in-picture',
      'storage-access',
      'browsing-topics',
      'attribution-reporting',
      'shared-storage',
      'run-ad-auction',
      'join-ad-interest-group',
    ]) {
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
