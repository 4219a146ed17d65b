import type { Page } from '@playwright/test';
import { describeHits } from './helpers/canary-server.ts';
import { generatorCode } from './helpers/generator-code.ts';
import { hostFingerprint } from './helpers/host-dom.ts';
import { mountRenderer, type MountedRenderer } from './helpers/mount-renderer.ts';
import { expect, readReport, test } from './helpers/security-test.ts';

/**
 * Escape probes (issue 3, "Show"): from the model's code, reach the host's DOM, navigate the top,
 * open popups, read the host's cookies and storage, talk to it over BroadcastChannel. All fail;
 * the host DOM (hashed outside the renderer) is unchanged. (Spoofing the relay through
 * self.postMessage ends the Worker at once: security-floods.)
 */

const SECRET = 'suip-host-secret-7f3a';

/** Plant secrets where an escape would find them, and listen on a BroadcastChannel the sandbox tries. */
async function plantSecrets(page: Page): Promise<void> {
  await page
    .context()
    .addCookies([
      { name: 'suip_http_only', value: `${SECRET}-httponly`, domain: '127.0.0.1', path: '/', httpOnly: true },
    ]);
  await page.evaluate(async (secret) => {
    document.cookie = `suip_secret=${secret}-cookie; path=/`;
    localStorage.setItem('suip_secret', `${secret}-local`);
    sessionStorage.setItem('suip_secret', `${secret}-session`);
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('suip-host-db', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('secrets').put(`${secret}-idb`, 'k');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const heard: string[] = [];
    const channel = new BroadcastChannel('suip-host-channel');
    channel.onmessage = (event) => heard.push(String(event.data));
    const talker = new BroadcastChannel('suip-host-channel');
    setInterval(() => talker.postMessage(`from-host ${secret}`), 50);
    (window as unknown as { heard: string[] }).heard = heard;
  }, SECRET);
}

/** What the host heard on its BroadcastChannel, minus its own `from-host` chatter. */
async function foreignBroadcasts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { heard: string[] }).heard.filter((text) => !text.startsWith('from-host')),
  );
}

async function sandboxFrame(renderer: MountedRenderer) {
  const frame = renderer.page.frames().find((candidate) => candidate !== renderer.page.mainFrame());
  if (!frame) throw new Error('no sandbox frame');
  return frame;
}

test("the model's code cannot reach the host's DOM, navigation, popups, cookies, storage or channels", async ({
  page,
  canary,
  popups,
  browserName,
}) => {
  const renderer = await mountRenderer(page);
  await plantSecrets(page);
  // The positive control of the channel probe: a second host-side channel does hear the talker.
  expect(
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const probe = new BroadcastChannel('suip-host-channel');
          probe.onmessage = (event) => resolve(String(event.data));
        }),
    ),
  ).toContain('from-host');
  const before = await hostFingerprint(page);
  const outcome = await renderer.attach('escape', generatorCode('escape', { HOST_ORIGIN: new URL(page.url()).origin }));
  expect(outcome).toEqual({ ok: true, status: 'ready' });
  const report = await readReport(renderer, 'escape');
  console.log(`escape probes: ${JSON.stringify(report, null, 1)}`);

  // A Worker has no window, document, parent, top, opener, storage or popups at all.
  const globals = JSON.parse(report.globals!) as Record<string, string>;
  for (const [name, kind] of Object.entries(globals)) expect(kind, name).toBe('undefined');
  expect(report.origin).toBe('null');
  for (const name of ['parentDom', 'topNavigation', 'popup', 'documentCookie', 'cookieStore', 'localStorage']) {
    expect(report[name], name).toMatch(/^threw: ReferenceError/);
  }
  // The fetch fails with a TypeError; the wording is the browser's ("Failed to fetch" in Chromium,
  // "NetworkError when attempting to fetch resource." in Firefox), so it is asserted in Chromium only.
  expect(report.credentialedFetch).toMatch(
    browserName === 'chromium' ? /^threw: TypeError: Failed to fetch/ : /^threw: TypeError\b/,
  );
  // Storage of the opaque origin is refused or empty: never the host's database.
  for (const name of ['indexedDbOpen', 'caches', 'storageDirectory', 'locks']) {
    expect(report[name], name).not.toContain('secrets');
    expect(report[name], name).not.toContain('suip-host-db');
  }
  // Neither side of the BroadcastChannel heard the other (different storage keys).
  expect(report.heard).toBe('[]');
  expect(await foreignBroadcasts(page)).toEqual([]);
  // No secret anywhere in what the sandbox could send back.
  expect(JSON.stringify(await renderer.snapshot())).not.toContain(SECRET);
  // Nothing of it disturbed the generator: no termination, no error event, still ready.
  const events = await renderer.events();
  expect(
    events.filter((event) => event.type === 'suip-error'),
    JSON.stringify(events),
  ).toEqual([]);
  expect(events.map((event) => event.status)).toEqual(['starting', 'ready']);
  expect(await renderer.status('escape')).toBe('ready');

  expect(popups).toHaveLength(0);
  expect(page.url()).toContain('/e2e/fixtures/security/host.html');
  expect(canary.hits, describeHits(canary.hits)).toHaveLength(0);
  expect(await hostFingerprint(page)).toEqual(before);
});

test('even a compromised relay document cannot read cookies or storage, reach the parent, navigate the top or open popups', async ({
  page,
  canary,
  popups,
  browserName,
}) => {
  const renderer = await mountRenderer(page);
  await plantSecrets(page);
  await renderer.attach('relay', generatorCode('healthy', { ID: 'relay' }));
  const before = await hostFingerprint(page);
  const frame = await sandboxFrame(renderer);
  // Runs as the relay's own document (the sandbox's main thread), the strongest position an attacker could get.
  const result = await frame.evaluate(async (canaryOrigin) => {
    const attempt = (fn: () => unknown): string => {
      try {
        return `ok: ${String(fn())}`;
      } catch (error) {
        return `threw: ${(error as Error).name}`;
      }
    };
    return {
      origin: self.origin,
      cookie: attempt(() => document.cookie),
      localStorage: attempt(() => localStorage.getItem('suip_secret')),
      indexedDb: attempt(() => indexedDB.open('suip-host-db')),
      parentDom: attempt(() => parent.document.body.innerHTML),
      parentLocation: attempt(() => parent.location.href),
      topNavigation: attempt(() => {
        top!.location.href = `${canaryOrigin}/top-navigation`;
      }),
      popup: attempt(() => window.open(`${canaryOrigin}/popup`)),
    };
  }, canary.origin);
  await page.waitForTimeout(500);
  console.log(`relay-document probes: ${JSON.stringify(result)}`);
  expect(result.origin).toBe('null');
  expect(result.cookie).toBe('threw: SecurityError');
  expect(result.localStorage).toBe('threw: SecurityError');
  expect(result.indexedDb).toBe('threw: SecurityError');
  expect(result.parentDom).toBe('threw: SecurityError');
  expect(result.parentLocation).toBe('threw: SecurityError');
  expect(result.topNavigation).toBe('threw: SecurityError');
  // A sandbox without allow-popups gets no popup: Chromium returns null, Firefox throws
  // InvalidAccessError. Either way nothing opens (popups and canary below stay empty).
  expect(result.popup).toBe(browserName === 'chromium' ? 'ok: null' : 'threw: InvalidAccessError');
  expect(popups).toHaveLength(0);
  expect(page.url()).toContain('/e2e/fixtures/security/host.html');
  expect(canary.hits, describeHits(canary.hits)).toHaveLength(0);
  expect(await hostFingerprint(page)).toEqual(before);
});
