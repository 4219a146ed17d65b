import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { numberOf } from './tone.ts';
import { rating } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `rating`: stars drawn as text, named "4 of 5 stars" for screen readers. */
export class SuipRating extends SuipGroupElement {
  static override definition = rating;
  static override styles = [
    baseStyles,
    css`.stars { color: var(--_color-warning); font-size: var(--_text-lg); letter-spacing: 2px; } .rating { display: flex; gap: var(--_space-2); align-items: center; }`,
  ];

  protected override render(): unknown {
    const max = Math.min(Math.max(Math.round(numberOf(this.text('max'), 5)), 1), 10);
    const value = Math.min(Math.max(numberOf(this.text('value'), 0), 0), max);
    const full = Math.round(value);
    const label = this.text('label');
    return html`<div class="rating">
      ${label === undefined ? '' : html`<span>${label}</span>`}
      <span class="stars" role="img" aria-label=${`${value} of ${max} stars`}>${'★'.repeat(full)}${'☆'.repeat(max - full)}</span>
    </div>`;
  }
}
defineElement('suip-rating', SuipRating);
