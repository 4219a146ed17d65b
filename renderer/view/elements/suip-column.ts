import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { column } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `column`: a layout container without extra semantics. */
export class SuipColumn extends SuipGroupElement {
  static override definition = column;
  static override styles = [baseStyles, css`.layout { display: flex; flex-direction: column; gap: var(--_space); }`];

  protected override render(): unknown {
    return html`<div class="layout">${this.renderOthers()}</div>`;
  }
}
defineElement('suip-column', SuipColumn);
