import { css, html } from 'lit';
import { baseStyles } from '../theme/base-styles.ts';
import { SuipGroupElement } from './suip-element.ts';

/**
 * A group of a type this host does not know: a visible, labelled box that still shows every
 * child, so nothing the generator sent disappears and nothing throws.
 */
export class SuipUnknown extends SuipGroupElement {
  static override styles = [
    baseStyles,
    css`
      .unknown { border: 2px dashed var(--_color-border); border-radius: var(--_radius); padding: var(--_space); }
      .note { font-size: 0.85rem; margin: 0 0 calc(var(--_space) / 2); }
    `,
  ];

  protected override render(): unknown {
    const type = String(this.particle?.type ?? '').slice(0, 64);
    return html`<div class="unknown stack" role="group" aria-label=${`Unknown type ${type}`}>
      <p class="note muted">Unknown type “${type}”: showing its content.</p>
      ${this.renderOthers()}
    </div>`;
  }
}
customElements.define('suip-unknown', SuipUnknown);
