import { ErrorCode } from '../../shared/error-codes.ts';
import { opError, type SuipErrorObject } from '../../shared/error.ts';
import type { DialogParams } from '../../shared/dialog.ts';
import { credentialTerm } from './credential-wording.ts';
import { METHOD } from './dialog-gate.ts';
import type { EffectiveDialogPolicy } from '../../core/policy/dialog-policy.ts';

/**
 * The last rule of `suip/dialog` (dialog-gate.ts has the others): no dialog text may ask for a
 * credential. A chunk of its own with the word lists (credential-wording.ts), loaded with a
 * program's first dialog request rather than with the entry: a refusal waits for it, as every
 * dialog waits for its drawing chunk.
 */

/** The texts of a dialog a user reads, by the field a program wrote them in. */
function dialogTexts(params: DialogParams): Array<[string, string | undefined]> {
  const texts: Array<[string, string | undefined]> = [
    ['title', params.title],
    ['message', params.message],
  ];
  if (params.kind === 'confirm') texts.push(['confirmLabel', params.confirmLabel], ['cancelLabel', params.cancelLabel]);
  if (params.kind === 'prompt') texts.push(['placeholder', params.placeholder], ['defaultValue', params.defaultValue]);
  if (params.kind === 'pick')
    params.items.forEach((item, index) =>
      texts.push([`items[${index}].label`, item.label], [`items[${index}].description`, item.description]),
    );
  return texts;
}

/**
 * The error for a dialog whose text asks for a credential, or undefined (policy `credentialWording: 'allow'` skips it).
 */
export function wordingRefusal(policy: EffectiveDialogPolicy, params: DialogParams): SuipErrorObject | undefined {
  if (policy.credentialWording !== 'refuse') return undefined;
  const texts = dialogTexts(params);
  for (const [field, text] of [...texts, ['text', texts.map(([, t]) => t ?? '').join(' ')] as [string, string]]) {
    const term = text === undefined ? undefined : credentialTerm(text);
    // SECURITY: a page-wide dialog in the host's look may not ask for a credential.
    if (term !== undefined) {
      return opError(
        ErrorCode.PolicyViolation,
        `the dialog's ${field} asks for a credential ("${term}"): this host never lets a program ` +
          `ask for passwords, codes, PINs or card numbers in a dialog, so none can pose as a sign-in ` +
          `prompt; leave sign-in to the host, or reword it if it is not a credential`,
        { method: METHOD, reason: 'credential-wording' },
      );
    }
  }
  return undefined;
}
