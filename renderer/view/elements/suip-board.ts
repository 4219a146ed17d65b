import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { board } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/**
 * `board`: kanban columns side by side on a quiet fill, each a list item of a labelled list, that
 * scroll sideways when the board is narrower than its columns (never squeezed below readable).
 */
export class SuipBoard extends SuipGroupElement {
  static override definition = board;
  static override styles = [
    baseStyles,
    css`
      .board { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(15rem, 1fr); gap: var(--_space-3); overflow-x: auto; list-style: none; margin: 0; padding: 0 0 var(--_space-1); scroll-snap-type: x proximity; }
      .column { background: var(--_color-subtle); border-radius: var(--_radius); padding: var(--_space-3); scroll-snap-align: start; min-width: 0; }
    `,
  ];

  protected override render(): unknown {
    return html`<ul class="board" role="list" tabindex="0" aria-label="Board">${this.renderAll((inner) => html`<li class="column">${inner}</li>`)}</ul>`;
  }
}
defineElement('suip-board', SuipBoard);
