/**
 * The sandbox iframe's attributes, set by the host on every frame it creates. Every value here is
 * a security invariant; the e2e specs read them back from the live iframe. (The document inside
 * is srcdoc.ts, loaded with the relay: a strict-CSP host, whose frames load a static document,
 * never needs it.)
 */

/**
 * The only sandbox token: scripts run, in an opaque origin ("null"), with no navigation of the top,
 * no popups, no forms, no same-origin.
 */
export const SANDBOX_TOKENS = 'allow-scripts';

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
  const names =
    known === undefined ? SANDBOX_ALLOW_FEATURES : SANDBOX_ALLOW_FEATURES.filter((feature) => known.includes(feature));
  return names.map((feature) => `${feature} 'none'`).join('; ');
}
