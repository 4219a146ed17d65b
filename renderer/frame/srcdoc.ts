/**
 * The sandbox iframe's attributes and document. Every value here is a security invariant; the
 * e2e specs read them back from the live iframe.
 */

/** The only sandbox token: scripts run, in an opaque origin ("null"), with no navigation of the top, no popups, no forms, no same-origin. */
export const SANDBOX_TOKENS = 'allow-scripts';

/** The sandbox document's CSP: no network at all; inline scripts (the relay) and blob: Workers only. */
export const SANDBOX_CSP = "default-src 'none'; script-src 'unsafe-inline'; worker-src blob:";

/**
 * Permissions Policy for the iframe: every feature whose default allowlist is `*` (which a
 * sandboxed frame would otherwise inherit) is turned off, plus the powerful ones for good measure.
 * `execution-while-not-rendered` / `-out-of-viewport` are left alone: turning them off would
 * freeze the relay (and its watchdog) while the frame is off screen.
 */
export const SANDBOX_ALLOW_FEATURES: readonly string[] = [
  'attribution-reporting',
  'browsing-topics',
  'document-domain',
  'focus-without-user-activation',
  'join-ad-interest-group',
  'picture-in-picture',
  'private-aggregation',
  'private-state-token-issuance',
  'private-state-token-redemption',
  'run-ad-auction',
  'shared-storage',
  'shared-storage-select-url',
  'storage-access',
  'sync-xhr',
  'autoplay',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'fullscreen',
  'geolocation',
  'microphone',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'usb',
  'web-share',
];

/** `SANDBOX_ALLOW_FEATURES` as an `allow` attribute, every feature `'none'`. */
export const SANDBOX_ALLOW = sandboxAllow(undefined);

/**
 * The `allow` attribute for a browser that knows `known` features (Chromium lists them in
 * `document.featurePolicy.features()`): a feature the browser does not know cannot reach the
 * frame anyway, and naming it logs an "Unrecognized feature" warning on every attach. A browser
 * that lists nothing gets the whole list.
 */
export function sandboxAllow(known: readonly string[] | undefined): string {
  const names = known === undefined ? SANDBOX_ALLOW_FEATURES : SANDBOX_ALLOW_FEATURES.filter((feature) => known.includes(feature));
  return names.map((feature) => `${feature} 'none'`).join('; ');
}

/**
 * The srcdoc: the meta CSP first (before any script can run), then the relay inline. `</script`
 * and `<!--` inside the relay would end or confuse the script element, so they are escaped
 * (both only ever appear inside string literals of the bundle).
 */
export function sandboxSrcdoc(relaySource: string): string {
  const script = relaySource.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}"><meta charset="utf-8"></head><body><script>${script}</script></body></html>`;
}
