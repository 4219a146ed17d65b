import { ErrorCode } from '../../shared/error-codes.ts';
import { opError } from '../../shared/error.ts';
import type { ConfirmDialog, DialogParams, DialogResult, PickDialog, PromptDialog } from '../../shared/dialog.ts';
import type { Static } from '@sinclair/typebox';
import { showDialog, type HostDialogParams } from './dialog-view.ts';

/** How long after a user action in a program's UI that program may open a dialog (ms). */
export const DIALOG_ACTIVATION_MS = 10_000;

/** Host-owned dialogs: the host's own questions (secret prompts included), queued one at a time. */
export interface HostDialogs {
  confirm(params: Omit<Static<typeof ConfirmDialog>, 'kind'>): Promise<{ ok: boolean }>;
  /** `secret: true` draws a password field; the value reaches only this promise (no traffic tap, no generator). */
  prompt(params: Omit<Static<typeof PromptDialog>, 'kind'> & { secret?: boolean }): Promise<{ value: string | null }>;
  pick(params: Omit<Static<typeof PickDialog>, 'kind'>): Promise<{ ids: string[] }>;
  /** True while a dialog is open or waiting to open. */
  readonly open: boolean;
}

/** The renderer's side: the public `HostDialogs` plus the gate for generators' `suip/dialog` requests. */
export interface DialogHost extends HostDialogs {
  /**
   * A generator asks. Refused (rejects with a SUIP error object) when a dialog is open already, or
   * when the user did nothing in that generator's UI within DIALOG_ACTIVATION_MS: a program cannot
   * put a dialog in front of the user out of the blue or stack them.
   */
  request(params: DialogParams, origin: string, lastUserAction: number | undefined): Promise<DialogResult>;
  /** Close any open dialog as cancelled (renderer destroyed). */
  destroy(): void;
}

/** Create the dialog host for a renderer whose dialogs are drawn under `parent`. */
export function createDialogHost(parent: Element): DialogHost {
  /** Dialogs open or waiting, counted synchronously: a burst of requests sees the first one at once. */
  let pending = 0;
  let queue: Promise<unknown> = Promise.resolve();

  // Host calls wait their turn; the host is trusted and may ask several questions in a row.
  function enqueue<T extends DialogResult>(params: HostDialogParams): Promise<T> {
    pending += 1;
    const next = queue.then(async () => {
      try {
        return (await showDialog(parent, params)) as T;
      } finally {
        pending -= 1;
      }
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    get open() {
      return pending > 0;
    },
    confirm: (params) => enqueue<{ ok: boolean }>({ ...params, kind: 'confirm' }),
    prompt: (params) => enqueue<{ value: string | null }>({ ...params, kind: 'prompt' }),
    pick: (params) => enqueue<{ ids: string[] }>({ ...params, kind: 'pick' }),
    request(params, origin, lastUserAction) {
      const method = 'suip/dialog';
      // SECURITY: one dialog at a time, and only right after the user acted in this program's UI.
      if (pending > 0) return Promise.reject(opError(ErrorCode.LimitExceeded, 'a dialog is already open; wait for its answer before asking again', { method, reason: 'dialog-open' }));
      if (lastUserAction === undefined || performance.now() - lastUserAction > DIALOG_ACTIVATION_MS) {
        return Promise.reject(opError(ErrorCode.PolicyViolation, `a program may open a dialog only within ${DIALOG_ACTIVATION_MS / 1000} s after the user acted in its UI (e.g. in a click handler); ask in your own UI instead`, { method, reason: 'no-user-action' }));
      }
      return enqueue({ ...params, origin });
    },
    destroy() {
      for (const node of parent.querySelectorAll(':scope > [data-suip-host-dialog]')) node.remove();
    },
  };
}
