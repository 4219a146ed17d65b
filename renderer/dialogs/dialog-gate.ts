import { ErrorCode } from '../../shared/error-codes.ts';
import { opError, type SuipErrorObject } from '../../shared/error.ts';
import type { DialogParams } from '../../shared/dialog.ts';
import type { EffectiveDialogPolicy } from './dialog-policy.ts';

/** How long after a user action in a program's UI that program may open a dialog (ms). */
export const DIALOG_ACTIVATION_MS = 10_000;

/** Why a program's dialog request was refused (`error.data.reason`). */
export type DialogRefusalReason = 'dialogs-blocked' | 'dialog-open' | 'no-user-action' | 'user-action-spent' | 'credential-wording';

const METHOD = 'suip/dialog';

/** The texts of a dialog a user reads, by the field a program wrote them in. */
function dialogTexts(params: DialogParams): Array<[string, string | undefined]> {
  const texts: Array<[string, string | undefined]> = [['title', params.title], ['message', params.message]];
  if (params.kind === 'confirm') texts.push(['confirmLabel', params.confirmLabel], ['cancelLabel', params.cancelLabel]);
  if (params.kind === 'prompt') texts.push(['placeholder', params.placeholder], ['defaultValue', params.defaultValue]);
  if (params.kind === 'pick') params.items.forEach((item, index) => texts.push([`items[${index}].label`, item.label], [`items[${index}].description`, item.description]));
  return texts;
}

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
   * wording comes last (`wordingRefusal`), once its check's chunk is loaded.
   */
  refusal(id: string, params: DialogParams, lastUserAction: number | undefined, open: boolean): SuipErrorObject | undefined {
    // SECURITY: a program the user blocked opens nothing until the user (or host) allows it again.
    if (this.blockedIds.has(id)) return opError(ErrorCode.PolicyViolation, "the user blocked this program's dialogs after dismissing several; do not ask again, show the question in your own UI instead", { method: METHOD, reason: 'dialogs-blocked' });
    if (open) return opError(ErrorCode.LimitExceeded, 'a dialog is already open; wait for its answer before asking again', { method: METHOD, reason: 'dialog-open' });
    if (lastUserAction === undefined || this.now() - lastUserAction > DIALOG_ACTIVATION_MS) {
      return opError(ErrorCode.PolicyViolation, `a program may open a dialog only within ${DIALOG_ACTIVATION_MS / 1000} s after the user acted in its UI (e.g. in a click handler); ask in your own UI instead`, { method: METHOD, reason: 'no-user-action' });
    }
    // SECURITY: one user action buys one dialog, so a click cannot start a chain of prompts.
    if (this.spent.get(id) === lastUserAction) {
      return opError(ErrorCode.PolicyViolation, 'the user action that opened your last dialog is used up: each dialog needs a new user action in your UI; ask again from the handler of the next click, or show the question in your own UI', { method: METHOD, reason: 'user-action-spent' });
    }
    return undefined;
  }

  /**
   * The error for a dialog whose text asks for a credential, or undefined (policy
   * `credentialWording: 'allow'` skips it). `credentialTerm` is `credential-wording.ts`'s, passed
   * in because the word lists load with the first dialog request rather than with the entry: a
   * refusal waits for that chunk, as every dialog waits for its drawing chunk.
   */
  wordingRefusal(params: DialogParams, credentialTerm: (text: string) => string | undefined): SuipErrorObject | undefined {
    if (this.policy.credentialWording !== 'refuse') return undefined;
    const texts = dialogTexts(params);
    for (const [field, text] of [...texts, ['text', texts.map(([, t]) => t ?? '').join(' ')] as [string, string]]) {
      const term = text === undefined ? undefined : credentialTerm(text);
      // SECURITY: a page-wide dialog in the host's look may not ask for a credential.
      if (term !== undefined) {
        return opError(ErrorCode.PolicyViolation, `the dialog's ${field} asks for a credential ("${term}"): this host never lets a program ask for passwords, codes, PINs or card numbers in a dialog, so none can pose as a sign-in prompt; leave sign-in to the host, or reword it if it is not a credential`, { method: METHOD, reason: 'credential-wording' });
      }
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
