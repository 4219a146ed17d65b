import { describeHits } from './helpers/canary-server.ts';
import { mountRenderer } from './helpers/mount-renderer.ts';
import { attachHealthy, expect, test } from './helpers/security-test.ts';

/**
 * The sandbox iframe's own invariants (issue 3, "Build" 1 and "Show"), read back from the live
 * DOM: exactly `sandbox="allow-scripts"`, and the CSP meta tag as the first element of the srcdoc
 * head, in both the attribute and the document the browser actually built from it, and in force.
 */
test('the iframe has exactly sandbox="allow-scripts" and the CSP meta as the first element of its head, in force', async ({
  page,
  canary,
}) => {
  const renderer = await mountRenderer(page);
  await attachHealthy(renderer, 'b');
  await attachHealthy(renderer, 'c');
  const frames = await page.evaluate(() =>
    [...document.querySelectorAll('iframe')].map((iframe) => {
      // Parse the srcdoc attribute the way the browser does, without running it.
      const parsed = new DOMParser().parseFromString(iframe.getAttribute('srcdoc') ?? '', 'text/html');
      const first = parsed.head.firstElementChild;
      return {
        sandboxAttribute: iframe.getAttribute('sandbox'),
        sandboxTokens: [...iframe.sandbox],
        allow: iframe.getAttribute('allow') ?? '',
        src: iframe.getAttribute('src'),
        firstHeadElement: first
          ? {
              tag: first.localName,
              httpEquiv: first.getAttribute('http-equiv'),
              content: first.getAttribute('content'),
            }
          : null,
        scriptsInHeadBeforeCsp: [...parsed.head.children].findIndex((element) => element.localName === 'script'),
      };
    }),
  );
  expect(frames).toHaveLength(2);
  for (const frame of frames) {
    expect(frame.sandboxAttribute).toBe('allow-scripts');
    expect(frame.sandboxTokens).toEqual(['allow-scripts']);
    expect(frame.src).toBeNull();
    expect(frame.firstHeadElement?.tag).toBe('meta');
    expect(frame.firstHeadElement?.httpEquiv?.toLowerCase()).toBe('content-security-policy');
    const directives = new Map(
      (frame.firstHeadElement?.content ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'unsafe-inline'"]);
    expect(directives.get('worker-src')).toEqual(['blob:']);
    // No script in the head ahead of the CSP (it would run before the policy applies).
    expect(frame.scriptsInHeadBeforeCsp).toBe(-1);
    // Features whose default allowlist is * are switched off for the frame.
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'display-capture',
      'clipboard-read',
    ])
      expect(frame.allow).toContain(`${feature} 'none'`);
  }

  // The document the browser built: opaque origin, the meta CSP first in <head>, and the policy in force.
  for (const frame of page.frames().filter((candidate) => candidate !== page.mainFrame())) {
    const live = await frame.evaluate(async (canaryOrigin) => {
      const first = document.head.firstElementChild;
      let fetchResult: string;
      try {
        await fetch(`${canaryOrigin}/from-relay-document`);
        fetchResult = 'fetched';
      } catch (error) {
        fetchResult = `blocked: ${(error as Error).name}`;
      }
      const image = await new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve('loaded');
        img.onerror = () => resolve('blocked');
        img.src = `${canaryOrigin}/image-from-relay-document.png`;
      });
      return { origin: self.origin, first: first?.outerHTML ?? '', fetchResult, image };
    }, canary.origin);
    expect(live.origin).toBe('null');
    expect(live.first).toMatch(
      /^<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; worker-src blob:">$/,
    );
    expect(live.fetchResult).toBe('blocked: TypeError');
    expect(live.image).toBe('blocked');
  }
  await page.waitForTimeout(300);
  // Even the relay's own document reaches no network: the CSP is in force, not just present.
  expect(canary.hits, describeHits(canary.hits)).toHaveLength(0);
});
