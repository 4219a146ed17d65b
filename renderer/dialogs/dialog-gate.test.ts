import { describe, expect, it } from 'vitest';
import type { DialogParams } from '../../shared/dialog.ts';
import { DialogGate } from './dialog-gate.ts';
import { effectiveDialogPolicy } from '../../core/policy/dialog-policy.ts';
import { wordingRefusal } from './wording-refusal.ts';

const ask: DialogParams = { kind: 'confirm', title: 'Delete all files?' };

/** A gate on a clock the test moves. */
function gate(policy = {}) {
  const clock = { now: 1_000 };
  return { clock, gate: new DialogGate(effectiveDialogPolicy(policy), () => clock.now) };
}

describe('DialogGate', () => {
  it('lets one user action open one dialog, and refuses the chain after it', () => {
    const { clock, gate: g } = gate();
    expect(g.refusal('p', ask, 900, false)).toBeUndefined();
    g.opened('p', 900);
    clock.now = 1_500;
    const chained = g.refusal('p', ask, 900, false);
    expect(chained?.data?.reason).toBe('user-action-spent');
    expect(chained?.message).toMatch(/^\(suip\/dialog\): .*each dialog needs a new user action in your UI/);
    // The next click is a new action; another program's action is its own.
    expect(g.refusal('p', ask, 1_400, false)).toBeUndefined();
    expect(g.refusal('q', ask, 900, false)).toBeUndefined();
  });
  it('refuses without a recent user action, and while a dialog is open', () => {
    const { clock, gate: g } = gate();
    expect(g.refusal('p', ask, undefined, false)?.data?.reason).toBe('no-user-action');
    clock.now = 20_000;
    expect(g.refusal('p', ask, 9_000, false)?.data?.reason).toBe('no-user-action');
    expect(g.refusal('p', ask, 19_999, true)).toMatchObject({ code: -32005, data: { reason: 'dialog-open' } });
  });
  it('makes the block offer due after N dismissals inside the window, not spread over a longer time', () => {
    const { clock, gate: g } = gate({ blockOfferAfter: 3, blockOfferWindowMs: 30_000 });
    expect(g.dismissed('p')).toBe(false);
    clock.now += 20_000;
    expect(g.dismissed('p')).toBe(false);
    clock.now += 20_000; // the first one is out of the window now
    expect(g.dismissed('p')).toBe(false);
    clock.now += 1_000;
    expect(g.dismissed('p')).toBe(true);
    g.keep('p');
    expect(g.dismissed('p')).toBe(false);
    expect(gate({ blockOfferAfter: 0 }).gate.dismissed('p')).toBe(false);
  });
  it('refuses every request of a blocked program, first, until it is allowed again', () => {
    const { gate: g } = gate();
    g.block('p');
    expect(g.blocked()).toEqual(['p']);
    const refused = g.refusal('p', ask, 900, true);
    expect(refused).toMatchObject({ code: -32006, data: { reason: 'dialogs-blocked' } });
    expect(g.refusal('q', ask, 900, false)).toBeUndefined();
    expect(g.unblock('p')).toBe(true);
    expect(g.refusal('p', ask, 900, false)).toBeUndefined();
  });
  it('refuses credential wording in any text field, naming the field, unless the host allows it', () => {
    const { gate: g } = gate();
    const phishing: DialogParams = {
      kind: 'prompt',
      title: 'Session expired',
      message: 'Enter your PASSWORD to continue',
    };
    expect(g.refusal('p', phishing, 900, false)).toBeUndefined();
    const refuse = effectiveDialogPolicy({});
    const refused = wordingRefusal(refuse, phishing);
    expect(refused?.data?.reason).toBe('credential-wording');
    expect(refused?.message).toContain('message asks for a credential ("password")');
    const pick: DialogParams = { kind: 'pick', title: 'Verify', items: [{ id: 'a', label: 'Send my PIN' }] };
    expect(wordingRefusal(refuse, pick)?.message).toContain('items[0].label');
    // Split across two fields, it is still read as one text.
    expect(wordingRefusal(refuse, { kind: 'confirm', title: 'Pass', message: 'word' })?.message).toContain(
      "dialog's text asks",
    );
    expect(wordingRefusal(effectiveDialogPolicy({ credentialWording: 'allow' }), phishing)).toBeUndefined();
  });
  it('keeps the defaults for nonsense options', () => {
    expect(
      effectiveDialogPolicy({
        blockOfferAfter: -1,
        blockOfferWindowMs: Number.NaN,
        credentialWording: 'maybe' as 'allow',
      }),
    ).toEqual({ blockOfferAfter: 3, blockOfferWindowMs: 30_000, credentialWording: 'refuse' });
  });
});
