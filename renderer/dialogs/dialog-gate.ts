import { ErrorCode } from '../../shared/error-codes.ts';
import { opError, type SuipErrorObject } from '../../shared/error.ts';
import type { DialogParams } from '../../shared/dialog.ts';
import type { EffectiveDialogPolicy } from '../../core/policy/dialog-policy.ts';

/** How long after a user action in a program's UI that program may open a dialog (ms). */
export const DIALOG_ACTIVATION_MS = 10_000;

/** Why a program's dialog request was refused (`error.data.reason`). */
export type DialogRefusalReason =
  'dialogs-blocked' | 'dialog-open' | 'no-user-action' | 'user-action-spent' | 'credential-wording';

/** The method a refusal names. */
export const METHOD = 'suip/dialog';

/**
 * The per-program rules for `suip/dialog`, without the DOM: who is blocked, which user action
 * already bought a dialog, and how many dialogs the user dismissed lately. Keyed by mount id,
 * for the renderer's life (a program re-attached under the same id stays blocked until the user
 * or the host allows it again).
 */
export class DialogGate {
  /** Per program: the `lastUserAction` that already opened a dialog. */
  private readonly spent = new Map<string, number>();
  /** Per program: when its dialogs were dismissed, within the offer window. */
  private readonly dismissals = new Map<string, number[]>();
  private readonly blockedIds = new Set<string>();

  constructor(
    private readonly policy: EffectiveDialogPolicy,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The error for a request that may not open now, or undefined. Checked in this order so the
   * program hears the rule it can act on first: blocked, one at a time, a fresh user action; the
   * wording comes last (`wordingRefusal`, wording-refusal.ts), once its check's chunk is loaded.
   */
  refusal(
    id: string,
    params: DialogParams,
    lastUserAction: number | undefined,
    open: boolean,
  ): SuipErrorObject | undefined {
    // SECURITY: a program the user blocked opens nothing until the user (or host) allows it again.
    if (this.blockedIds.has(id))
      return opError(
        ErrorCode.PolicyViolation,
        "the user blocked this program's dialogs after dismissing several; " +
          'do not ask again, show the question in your own UI instead',
        { method: METHOD, reason: 'dialogs-blocked' },
      );
    if (open)
      return opError(ErrorCode.LimitExceeded, 'a dialog is already open; wait for its answer before asking again', {
        method: METHOD,
        reason: 'dialog-open',
      });
    if (lastUserAction === undefined || this.now() - lastUserAction > DIALOG_ACTIVATION_MS) {
      return opError(
        ErrorCode.PolicyViolation,
        `a program may open a dialog only within ${DIALOG_ACTIVATION_MS / 1000} s after the ` +
          `user acted in its UI (e.g. in a click handler); ask in your own UI instead`,
        { method: METHOD, reason: 'no-user-action' },
      );
    }
    // SECURITY: one user action buys one dialog, so a click cannot start a chain of prompts.
    if (this.spent.get(id) === lastUserAction) {
      return opError(
        ErrorCode.PolicyViolation,
        'the user action that opened your last dialog is used up: each dialog needs a new user action in ' +
          'your UI; ask again from the handler of the next click, or show the question in your own UI',
        { method: METHOD, reason: 'user-action-spent' },
      );
    }
    return undefined;
  }

  /** A dialog of program `id` opened on `lastUserAction`: that action is spent. */
  opened(id: string, lastUserAction: number): void {
    this.spent.set(id, lastUserAction);
  }

  /** The user dismissed one of `id`'s dialogs; true when that makes the block offer due. */
  dismissed(id: string): boolean {
    const { blockOfferAfter, blockOfferWindowMs } = this.policy;
    if (blockOfferAfter === 0) return false;
    const now = this.now();
    const recent = (this.dismissals.get(id) ?? []).filter((at) => now - at <= blockOfferWindowMs);
    recent.push(now);
    this.dismissals.set(id, recent);
    return recent.length >= blockOfferAfter;
  }

  /** The user declined the offer: counting starts again. */
  keep(id: string): void {
    this.dismissals.delete(id);
  }

  /** Block program `id`'s dialogs. */
  block(id: string): void {
    this.blockedIds.add(id);
    this.dismissals.delete(id);
  }

  /** Allow program `id`'s dialogs again; false when it was not blocked. */
  unblock(id: string): boolean {
    return this.blockedIds.delete(id);
  }

  /** The programs whose dialogs are blocked, in the order they were blocked. */
  blocked(): string[] {
    return [...this.blockedIds];
  }
}
