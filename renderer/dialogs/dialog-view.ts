import type { DialogParams, DialogResult } from '../../shared/dialog.ts';
import { cancelledResult } from './cancelled-result.ts';
import { dialogAnswer } from './dialog-answer.ts';
import { element } from './dialog-element.ts';
import { DIALOG_CSS } from './dialog-styles.ts';
import { PROVENANCE_KIND_WORDS, provenanceKind, type ProvenanceKind } from '../provenance-text.ts';

/** A dialog request as the host draws it: the wire params plus what only the host may ask. */
export type HostDialogParams = DialogParams & {
  /** Prompt only: a secret (password, token). Drawn as a password field; the value goes only to the host's promise. */
  secret?: boolean;
  /**
   * Which program asks (its name, or its mount id), drawn as a banner across the top of the dialog
   * ("Generated program · name", "not from this site") so a program's question cannot pass for the
   * host's own. Absent for the host's own dialogs.
   */
  origin?: string;
  /** Who `origin` is: a generated program (default) or an AI agent; the banner's badge and line say which. */
  originKind?: DialogOriginKind;
};

/** Who asks through a dialog that is not the host's own. */
export type DialogOriginKind = ProvenanceKind;

/** How a dialog ended: its answer, and whether the user dismissed it (Escape or Cancel) rather than answering. */
export interface DialogOutcome {
  result: DialogResult;
  dismissed: boolean;
}

export { cancelledResult } from './cancelled-result.ts';
// The blocked-dialogs notice rides in this chunk: it is only ever shown after a dialog.
export { createBlockNotice } from './block-notice.ts';

/**
 * Draws one modal `<dialog>` in a shadow root under `parent` and resolves with the answer.
 * Every text is set as textContent (never markup). The browser's modal dialog gives the focus
 * trap and Escape (= cancel); focus returns to where it was when the dialog closes.
 */
export function showDialog(parent: Element, params: HostDialogParams): Promise<DialogOutcome> {
  const host = element('div');
  host.setAttribute('data-suip-host-dialog', '');
  const root = host.attachShadow({ mode: 'open' });
  const style = element('style', { textContent: DIALOG_CSS });
  const dialog = element('dialog');
  const titleId = 'suip-dialog-title';
  dialog.setAttribute('aria-labelledby', titleId);
  const form = element('form', { method: 'dialog' });
  if (params.origin !== undefined) {
    // SECURITY: a program's dialog always carries its name in a banner the program cannot style or omit.
    dialog.classList.add('from-program');
    form.append(...originBanner(params.origin, params.originKind));
    dialog.setAttribute('aria-describedby', 'suip-dialog-origin');
  }
  form.append(element('h2', { id: titleId, textContent: params.title }));
  if (params.message !== undefined && params.message !== '') form.append(element('p', { textContent: params.message }));
  const answer = dialogAnswer(params, titleId);
  if (answer.controls !== undefined) form.append(answer.controls);
  const cancel = element('button', {
    type: 'button',
    textContent: params.kind === 'confirm' ? (params.cancelLabel ?? 'Cancel') : 'Cancel',
  });
  const ok = element('button', {
    type: 'submit',
    value: 'ok',
    className: params.kind === 'confirm' && params.danger === true ? 'danger' : 'primary',
    textContent: answer.primaryLabel,
  });
  form.append(element('div', { className: 'actions' }, cancel, ok));
  dialog.append(form);
  root.append(style, dialog);
  parent.append(host);

  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
  return new Promise<DialogOutcome>((resolve) => {
    let answered = false;
    const finish = (result: DialogResult, dismissed = false) => {
      if (answered) return;
      answered = true;
      resolve({ result, dismissed });
      if (dialog.open) dialog.close();
      host.remove();
      returnFocus?.focus();
    };
    cancel.addEventListener('click', () => finish(cancelledResult(params.kind), true));
    // Escape fires `cancel` then `close`; a closed dialog without an answer is a cancel.
    dialog.addEventListener('close', () =>
      dialog.returnValue === 'ok' ? finish(answer.read()) : finish(cancelledResult(params.kind), true),
    );
    keepTabInside(dialog, root);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      finish(answer.read());
    });
    dialog.showModal();
    (answer.first ?? ok).focus();
  });
}

/** The banner naming who asks (badge and name) and the line saying it is not this site. */
function originBanner(origin: string, originKind: DialogOriginKind | undefined): HTMLElement[] {
  const kind = provenanceKind(originKind);
  const badge = element('span', { className: 'badge', textContent: PROVENANCE_KIND_WORDS[kind].badge });
  const banner = element(
    'div',
    { className: 'origin', id: 'suip-dialog-origin' },
    badge,
    element('strong', { className: 'name', textContent: origin }),
  );
  banner.setAttribute('data-suip-dialog-origin', '');
  const notHost = element('p', {
    className: 'not-host',
    textContent:
      kind !== 'program'
        ? 'This question comes from the agent named above, not from this site.'
        : 'This question comes from the program above, not from this site.',
  });
  return [banner, notHost];
}

/**
 * A modal dialog makes the page inert, but Tab would still leave the document for the browser's
 * own UI; keep it cycling through the dialog's controls.
 */
function keepTabInside(dialog: HTMLDialogElement, root: ShadowRoot): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('input, textarea, button')].filter(
      (node) => !node.hasAttribute('disabled'),
    );
    const firstControl = focusable[0];
    const lastControl = focusable.at(-1);
    const active = root.activeElement;
    if (event.shiftKey && active === firstControl) {
      event.preventDefault();
      lastControl?.focus();
    } else if (!event.shiftKey && active === lastControl) {
      event.preventDefault();
      firstControl?.focus();
    }
  });
}
