import { css, html } from 'lit';
import { baseStyles } from '../theme/base-styles.ts';
import { SuipGroupElement } from './suip-element.ts';

/** A group without a type: its children stacked, no semantics added. */
export class SuipGroup extends SuipGroupElement {
  static override styles = [baseStyles, css`.stack { display: flex; flex-direction: column; gap: var(--_space); }`];

  protected override render(): unknown {
    return html`<div class="stack">${this.renderOthers()}</div>`;
  }
}
customElements.define('suip-group', SuipGroup);
