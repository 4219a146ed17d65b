/**
 * What a host decides about programs' dialogs (`suip/dialog`), as `hostPolicy.dialogs`. The rules
 * that need no option hold always: one dialog at a time, and one per fresh user action in the
 * program's own UI.
 */
export interface DialogPolicy {
  /**
   * After this many of one program's dialogs were dismissed (Escape or Cancel) within
   * `blockOfferWindowMs`, the host asks the user whether to block that program's dialogs, as
   * browsers do for `alert` loops. Default 3; 0 never asks.
   */
  blockOfferAfter?: number;
  /** The window those dismissals are counted in (ms). Default 30,000. */
  blockOfferWindowMs?: number;
  /**
   * Dialog text that asks for a password, a one-time or security code, a PIN or a card number
   * (credential-wording.ts): `'refuse'` (default) answers the program with a PolicyViolation;
   * `'allow'` shows it (the header still names the program).
   */
  credentialWording?: 'refuse' | 'allow';
}

/** The effective dialog policy: the host's choices over the defaults. */
export type EffectiveDialogPolicy = Required<DialogPolicy>;

/** The defaults: offer a block after 3 dismissals in 30 s, refuse credential wording. */
export const DIALOG_POLICY_DEFAULTS: EffectiveDialogPolicy = {
  blockOfferAfter: 3,
  blockOfferWindowMs: 30_000,
  credentialWording: 'refuse',
};

/** The effective policy; a count or window that is not a finite number ≥ 0 keeps the default. */
export function effectiveDialogPolicy(policy: DialogPolicy = {}): EffectiveDialogPolicy {
  const count = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
  return {
    blockOfferAfter: count(policy.blockOfferAfter, DIALOG_POLICY_DEFAULTS.blockOfferAfter),
    blockOfferWindowMs: count(policy.blockOfferWindowMs, DIALOG_POLICY_DEFAULTS.blockOfferWindowMs),
    credentialWording: policy.credentialWording === 'allow' ? 'allow' : 'refuse',
  };
}
