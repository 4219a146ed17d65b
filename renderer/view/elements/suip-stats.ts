import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { stats } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `stats`: a responsive grid of stat tiles, exposed as a list. */
export class SuipStats extends SuipGroupElement {
  static override definition = stats;
  static override styles = [
    baseStyles,
    css`.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(10rem, 100%), 1fr)); gap: var(--_space-3); margin: 0; padding: 0; list-style: none; } li { display: grid; }`,
  ];

  protected override render(): unknown {
    return html`<ul class="stats" role="list">${this.renderAll((inner) => html`<li>${inner}</li>`)}</ul>`;
  }
}
defineElement('suip-stats', SuipStats);
