import { css, html } from 'lit';
import type { EventName } from '../../../shared/index.ts';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { boxStyles } from './layout-styles.ts';

/**
 * `modal`: a native `<dialog>` opened with `showModal()` while the group exists (focus is
 * trapped and restored by the browser). Escape or the Close button closes it and fires "click",
 * so the program can remove the group.
 */
export class SuipModal extends SuipGroupElement {
  static override styles = [
    baseStyles,
    boxStyles,
    css`
      dialog { border: 1px solid var(--_color-border); border-radius: var(--_radius); background: var(--_color-bg); color: var(--_color-fg); padding: var(--_space); max-width: min(40rem, 90vw); }
      dialog::backdrop { background: rgb(0 0 0 / 0.5); }
      header { display: flex; justify-content: space-between; align-items: center; gap: var(--_space); margin-bottom: var(--_space); }
      .close { font: inherit; color: var(--_color-fg); background: var(--_color-surface); border: 1px solid var(--_color-border); border-radius: calc(var(--_radius) / 2); padding: 4px 10px; cursor: pointer; }
    `,
  ];
  static override roles = ['title'];

  private get dialog(): HTMLDialogElement | null {
    return this.shadowRoot?.querySelector('dialog') ?? null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A keyed move disconnects and reconnects the element: reopen once rendered again.
    void this.updateComplete.then(() => this.open());
  }

  private open(): void {
    const dialog = this.dialog;
    if (dialog && !dialog.open && this.isConnected) dialog.showModal();
  }

  protected override firstUpdated(): void {
    this.open();
  }

  protected override accepts(name: EventName, source: EventTarget | undefined): boolean {
    return name !== 'click' || (source instanceof HTMLElement && source.classList.contains('close'));
  }

  private onClose = (): void => {
    this.dialog?.close();
  };

  private onCancel = (event: Event): void => {
    event.preventDefault();
    this.dialog?.close();
    this.emit('click');
  };

  protected override render(): unknown {
    return html`<dialog aria-labelledby="title" @cancel=${this.onCancel}>
      <header><h2 id="title">${this.text('title') ?? ''}</h2><button class="close" type="button" @click=${this.onClose}>Close</button></header>
      <div class="stack">${this.renderOthers()}</div>
    </dialog>`;
  }
}
customElements.define('suip-modal', SuipModal);
