import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';

/** `divider` → `<hr>`. */
export class SuipDivider extends SuipGroupElement {
  static override styles = [baseStyles, css`hr { border: 0; border-top: 1px solid var(--_color-border); margin: calc(var(--_space) / 2) 0; }`];

  protected override render(): unknown {
    return html`<hr />`;
  }
}
customElements.define('suip-divider', SuipDivider);
