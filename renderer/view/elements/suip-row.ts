import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { row } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `row`: a layout container without extra semantics. */
export class SuipRow extends SuipGroupElement {
  static override definition = row;
  static override styles = [
    baseStyles,
    css`.layout { display: flex; flex-wrap: wrap; gap: var(--_space-2); align-items: center; }`,
  ];

  protected override render(): unknown {
    return html`<div class="layout">${this.renderOthers()}</div>`;
  }
}
defineElement('suip-row', SuipRow);
