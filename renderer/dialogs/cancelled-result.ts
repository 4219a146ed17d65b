import type { DialogParams, DialogResult } from '../../shared/dialog.ts';

/** The answer for a dismissed (or never drawn) dialog of each kind. */
export function cancelledResult(kind: DialogParams['kind']): DialogResult {
  return kind === 'confirm' ? { ok: false } : kind === 'prompt' ? { value: null } : { ids: [] };
}
