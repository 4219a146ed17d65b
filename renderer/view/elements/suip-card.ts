import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { boxStyles } from './layout-styles.ts';
import { card } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `card` → `<article>`, titled by its heading. */
export class SuipCard extends SuipGroupElement {
  static override definition = card;
  static override styles = [baseStyles, boxStyles];

  protected override render(): unknown {
    const title = this.text('title');
    return html`<article class="box" aria-labelledby=${ifDefined(title === undefined ? undefined : 'title')}>
      ${title === undefined ? '' : html`<h2 id="title">${title}</h2>`} ${this.renderOthers()}
    </article>`;
  }
}
defineElement('suip-card', SuipCard);
