import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';

/** `grid`: a layout container without extra semantics. */
export class SuipGrid extends SuipGroupElement {
  static override styles = [baseStyles, css`.layout { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: var(--_space); }`];

  protected override render(): unknown {
    return html`<div class="layout">${this.renderOthers()}</div>`;
  }
}
customElements.define('suip-grid', SuipGrid);
