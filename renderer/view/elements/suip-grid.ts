import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { grid } from '../../vocabulary/types/grid.ts';
import { defineElement } from '../define-element.ts';

/** `grid`: a layout container without extra semantics. */
export class SuipGrid extends SuipGroupElement {
  static override definition = grid;
  static override styles = [baseStyles, css`.layout { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(14rem, 100%), 1fr)); gap: var(--_space-4); align-items: start; }`];

  protected override render(): unknown {
    return html`<div class="layout">${this.renderOthers()}</div>`;
  }
}
defineElement('suip-grid', SuipGrid);
