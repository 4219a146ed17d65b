import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';

/** `list` → `role=list`, each child in a `listitem`. */
export class SuipList extends SuipGroupElement {
  static override styles = [
    baseStyles,
    css`
      /* Block layout, not a flex column: a change inside one item of a flex container lays out
         every item again (O(items) per token in Chromium); block layout stays local. */
      ul { list-style: none; margin: 0; padding: 0; }
      li { padding: calc(var(--_space) / 2) 0; border-bottom: 1px solid var(--_color-border); margin-bottom: calc(var(--_space) / 2); }
      li:last-child { border-bottom: 0; margin-bottom: 0; }
    `,
  ];

  protected override render(): unknown {
    return html`<ul role="list">${this.renderAll((inner) => html`<li>${inner}</li>`)}</ul>`;
  }
}
customElements.define('suip-list', SuipList);
