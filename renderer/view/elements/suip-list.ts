import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';

/** `list` → `role=list`, each child in a `listitem`. */
export class SuipList extends SuipGroupElement {
  static override styles = [
    baseStyles,
    css`
      ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: calc(var(--_space) / 2); }
      li { padding: calc(var(--_space) / 2) 0; border-bottom: 1px solid var(--_color-border); }
      li:last-child { border-bottom: 0; }
    `,
  ];

  protected override render(): unknown {
    return html`<ul role="list">${this.renderKeyed(this.entries, (inner) => html`<li>${inner}</li>`)}</ul>`;
  }
}
customElements.define('suip-list', SuipList);
