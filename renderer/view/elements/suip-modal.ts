import { css, html, nothing, type PropertyValues } from 'lit';
import type { EventName } from '../../../shared/index.ts';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { boxStyles } from './layout-styles.ts';
import { modal } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/**
 * `modal`: a dialog shown while the group exists. By default it is drawn in the program's own
 * area, inside the renderer's box: it never covers, dims or disables the host page and never
 * takes focus the user did not give it. Only when the host grants page-level modals
 * (`hostPolicy.pageModals`) and the user just acted in this program's UI does it open in the
 * page's top layer (`showModal()`). In both forms the user's Escape or Close dismisses it for good:
 * it fires "click" so the program can remove the group, and the program may open no other modal.
 * That click is a declined event: it is no user action, so the program cannot answer it with a
 * host dialog or a focus move.
 */
export class SuipModal extends SuipGroupElement {
  static override definition = modal;
  static override styles = [
    baseStyles,
    boxStyles,
    css`
      :host { display: block; }
      /* In the box: in the program's flow, full width, so it is always visible and reachable in a
         mount of any size (an overlay over an empty mount would have no height to show in). */
      .backdrop { display: grid; place-items: center; padding: var(--_space); background: rgb(0 0 0 / 0.35); border-radius: var(--_radius); }
      .panel, dialog { border: 1px solid var(--_color-border-subtle); border-radius: var(--_radius); background: var(--_color-surface); color: var(--_color-fg); padding: var(--_space-5); box-shadow: var(--_shadow-2); max-width: min(40rem, 100%); max-height: 100%; overflow: auto; box-sizing: border-box; }
      dialog { max-width: min(40rem, 90vw); }
      dialog::backdrop { background: rgb(0 0 0 / 0.5); }
      header { display: flex; justify-content: space-between; align-items: center; gap: var(--_space); margin-bottom: var(--_space); }
      h2 { margin: 0; font-size: var(--_text-lg); }
      .close { font: inherit; font-size: var(--_text-sm); color: var(--_color-fg); background: var(--_color-surface); border: 1px solid var(--_color-border); border-radius: var(--_radius-sm); padding: var(--_space-1) var(--_space-3); cursor: pointer; }
    `,
  ];

  /** Decided once per element: a page-level modal stays one, an in-box one stays in the box. */
  private pageLevel: boolean | undefined;
  private dismissed = false;

  private get dialog(): HTMLDialogElement | null {
    return this.shadowRoot?.querySelector('dialog') ?? null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A keyed move disconnects and reconnects the element: reopen once rendered again.
    if (this.pageLevel) void this.updateComplete.then(() => this.openPageLevel());
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // SECURITY: the top layer only with the host's grant (policy on, a user action in this
    // program's UI just before, not dismissed before); otherwise the modal stays in the box.
    this.pageLevel ??= this.context?.grants?.pageModal(this.path) === true;
  }

  private openPageLevel(): void {
    const dialog = this.dialog;
    if (dialog && !dialog.open && this.isConnected && !this.dismissed) dialog.showModal();
  }

  protected override firstUpdated(): void {
    if (this.pageLevel) this.openPageLevel();
    // Focus moves into the dialog only when the user just acted in this program's UI.
    else if (this.context?.grants?.moveFocus(this.path) === true)
      this.shadowRoot?.querySelector<HTMLElement>('.close')?.focus();
  }

  protected override accepts(name: EventName): boolean {
    // A modal's "click" is only ever its dismissal, sent by `onClose`/`onCancel` as a declined event.
    return name !== 'click';
  }

  /** The user closed it (Escape or Close): for good — the program may open no other modal. */
  private dismiss(): void {
    if (this.dismissed) return;
    this.dismissed = true;
    if (this.pageLevel) this.dialog?.close();
    else this.requestUpdate();
    this.context?.grants?.modalDismissed(this.path);
  }

  private onClose = (): void => {
    this.dismiss();
    // SECURITY: Close is the user saying no: the program hears it, but it buys no dialog or focus move.
    this.emit('click', undefined, undefined, true);
  };

  private onCancel = (event: Event): void => {
    event.preventDefault();
    this.dismiss();
    // SECURITY: Escape is the user saying no: the program hears it, but it buys no dialog or focus move.
    this.emit('click', undefined, undefined, true);
  };

  private onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') this.onCancel(event);
  };

  protected override render(): unknown {
    // Dismissed: nothing is shown while the program removes the group (a re-open is refused).
    if (this.dismissed && !this.pageLevel) return nothing;
    const body = html`<header><h2 id="title">${this.text('title') ?? ''}</h2><button class="close" type="button" @click=${this.onClose}>Close</button></header>
      <div class="stack">${this.renderOthers()}</div>`;
    if (this.pageLevel) return html`<dialog aria-labelledby="title" @cancel=${this.onCancel}>${body}</dialog>`;
    return html`<div class="backdrop" @keydown=${this.onKeydown}><div class="panel" role="dialog" aria-labelledby="title">${body}</div></div>`;
  }
}
defineElement('suip-modal', SuipModal);
