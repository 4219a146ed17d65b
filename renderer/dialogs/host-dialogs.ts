import type { ConfirmDialog, DialogParams, DialogResult, PickDialog, PromptDialog } from '../../shared/dialog.ts';
import type { Static } from '@sinclair/typebox';
import type { SuipErrorObject } from '../../shared/error.ts';
import type { BlockNotice } from './block-notice.ts';
import { DialogGate } from './dialog-gate.ts';
import { effectiveDialogPolicy, type DialogPolicy } from '../../core/policy/dialog-policy.ts';
import { cancelledResult } from './cancelled-result.ts';
import type { DialogOriginKind, DialogOutcome, HostDialogParams } from './dialog-view.ts';
import { provenanceKind, provenanceName, type ProvenanceKind } from '../provenance-text.ts';

export { DIALOG_ACTIVATION_MS } from './dialog-gate.ts';

/**
 * Set when the host asks on behalf of someone else (an adapter relaying an agent's question): the
 * dialog then carries the banner naming who asks, as a program's dialog does, so the question
 * cannot pass for the host's own. Absent: the host's own question, no banner.
 */
export interface DialogOrigin {
  /** Who asks, as the user should read it (e.g. the agent's name); printable characters only, cut to 60. */
  origin?: string;
  /**
   * What `origin` is: `'program'` (default), `'agent'`, `'a2ui'` or `'genui'`; the banner names it in the host's words.
   */
  originKind?: DialogOriginKind;
}

/** Host-owned dialogs: the host's own questions (secret prompts included), queued one at a time. */
export interface HostDialogs {
  confirm(params: Omit<Static<typeof ConfirmDialog>, 'kind'> & DialogOrigin): Promise<{ ok: boolean }>;
  /** `secret: true` draws a password field; the value reaches only this promise (no traffic tap, no generator). */
  prompt(
    params: Omit<Static<typeof PromptDialog>, 'kind'> & { secret?: boolean } & DialogOrigin,
  ): Promise<{ value: string | null }>;
  pick(params: Omit<Static<typeof PickDialog>, 'kind'> & DialogOrigin): Promise<{ ids: string[] }>;
  /** True while a dialog is open or waiting to open. */
  readonly open: boolean;
  /** Mount ids of the programs whose dialogs the user blocked (shown under the renderer with "Allow again"). */
  readonly blocked: readonly string[];
  /** Allow a blocked program's dialogs again; false when it was not blocked. */
  unblock(generatorId: string): boolean;
}

/** The program asking for a dialog. */
export interface DialogRequester {
  /** Its mount id (what blocks and spent user actions are kept by). */
  id: string;
  /** Its name, shown in the dialog's banner. */
  name: string;
  /** What kind of origin it is (the banner's badge); default a program. */
  kind?: ProvenanceKind;
  /** `performance.now()` of the last user action routed to it, if any. */
  lastUserAction: number | undefined;
}

/** The renderer's side: the public `HostDialogs` plus the gate for generators' `suip/dialog` requests. */
export interface DialogHost extends HostDialogs {
  /**
   * A generator asks. Refused (rejects with a SUIP error object whose `data.reason` is a
   * DialogRefusalReason) when its dialogs are blocked, when a dialog is open already, when the
   * user did nothing in its UI within DIALOG_ACTIVATION_MS or the action it did already opened a
   * dialog, or when the text asks for a credential (dialog-gate.ts).
   */
  request(params: DialogParams, from: DialogRequester): Promise<DialogResult>;
  /** Close any open dialog as cancelled and remove the notice (renderer destroyed). */
  destroy(): void;
}

/** Create the dialog host for a renderer whose dialogs are drawn under `parent`. */
export function createDialogHost(parent: Element, policy: DialogPolicy = {}): DialogHost {
  const effective = effectiveDialogPolicy(policy);
  const gate = new DialogGate(effective);
  const names = new Map<string, string>();
  let notice: BlockNotice | undefined;
  /** Dialogs open or waiting, counted synchronously: a burst of requests sees the first one at once. */
  let pending = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let destroyed = false;

  // Host calls wait their turn; the host is trusted and may ask several questions in a row.
  function enqueue(params: HostDialogParams): Promise<DialogOutcome> {
    pending += 1;
    const next = queue.then(async () => {
      try {
        // Drawing a dialog is a module chunk of its own, loaded with the first dialog (issue 31):
        // most pages never show one. A failed load rejects, and the program gets an InternalError.
        const { showDialog } = await import('./dialog-view.ts');
        // SECURITY: nothing is drawn for a renderer destroyed meanwhile; the question ends unanswered.
        if (destroyed) return { result: cancelledResult(params.kind), dismissed: false };
        return await showDialog(parent, params);
      } finally {
        pending -= 1;
      }
    });
    queue = next.catch(() => undefined);
    return next;
  }
  const ask = <T extends DialogResult>(params: HostDialogParams) =>
    enqueue(params).then((outcome) => outcome.result as T);

  /**
   * Show the blocked programs. The notice is drawn by the dialog chunk (issue 31): a block always
   * follows a dialog the user dismissed, so that chunk is loaded by then and this costs a microtask.
   * Each call shows the gate's state when it runs, so calls settling in order leave the newest.
   */
  const showBlocked = () =>
    void import('./dialog-view.ts').then(
      ({ createBlockNotice }) => {
        if (destroyed) return;
        notice ??= createBlockNotice(parent, (id) => void unblock(id));
        notice.show(gate.blocked().map((id) => ({ id, name: names.get(id) ?? id })));
      },
      // The same chunk drew the dialog that led here; should it fail now, the block still holds and
      // `blocked`/`unblock` still work for the host.
      (error: unknown) => console.error('suip: the blocked-dialogs notice could not be drawn', error),
    );
  function unblock(id: string): boolean {
    const was = gate.unblock(id);
    if (was) showBlocked();
    return was;
  }

  /**
   * The user dismissed enough of a program's dialogs lately: ask whether to block them (a host dialog, no program text
   * in it).
   */
  async function offerBlock(id: string): Promise<void> {
    const name = names.get(id) ?? id;
    const { result } = await enqueue({
      kind: 'confirm',
      title: `Block dialogs from “${name}”?`,
      message:
        `You dismissed ${effective.blockOfferAfter} of its dialogs within ` +
        `${Math.round(effective.blockOfferWindowMs / 1000)} s. Blocked, it can still show everything in its own ` +
        `area, but no more dialogs until you allow them again.`,
      confirmLabel: 'Block its dialogs',
      cancelLabel: 'Keep allowing',
    });
    if ('ok' in result && result.ok) {
      gate.block(id);
      showBlocked();
    } else gate.keep(id);
  }

  return {
    get open() {
      return pending > 0;
    },
    get blocked() {
      return gate.blocked();
    },
    unblock,
    confirm: (params) => ask<{ ok: boolean }>({ ...boundedOrigin(params), kind: 'confirm' }),
    prompt: (params) => ask<{ value: string | null }>({ ...boundedOrigin(params), kind: 'prompt' }),
    pick: (params) => ask<{ ids: string[] }>({ ...boundedOrigin(params), kind: 'pick' }),
    async request(params, from) {
      const refused = gate.refusal(from.id, params, from.lastUserAction, pending > 0);
      if (refused !== undefined || from.lastUserAction === undefined) throw refused;
      const lastUserAction = from.lastUserAction;
      // The wording check and its word lists are a chunk loaded with the first request (issue 31).
      // The request counts as open meanwhile, so a burst from the program is refused as before.
      pending += 1;
      let wording: SuipErrorObject | undefined;
      try {
        const { wordingRefusal } = await import('./wording-refusal.ts');
        wording = wordingRefusal(effective, params);
      } finally {
        pending -= 1;
      }
      if (wording !== undefined) throw wording;
      gate.opened(from.id, lastUserAction);
      // The banner shows the host's name for the program (provenance-text.ts: printable, capped) and its kind.
      const name = provenanceName(from.name, from.id);
      names.set(from.id, name);
      return enqueue({ ...params, origin: name, originKind: provenanceKind(from.kind) }).then(
        ({ result, dismissed }) => {
          // The offer is queued before the program hears its answer, so a re-ask finds a dialog open.
          if (dismissed && gate.dismissed(from.id)) void offerBlock(from.id);
          return result;
        },
      );
    },
    destroy() {
      destroyed = true;
      for (const node of parent.querySelectorAll(':scope > [data-suip-host-dialog]')) node.remove();
      notice?.destroy();
    },
  };
}

/**
 * The params with `origin` cleaned like a program's name (printable, capped), so it can neither fake text nor push the
 * question out of view.
 */
function boundedOrigin<P extends DialogOrigin>(params: P): P {
  if (params.origin === undefined) return params;
  return { ...params, origin: provenanceName(params.origin, 'unnamed') };
}
