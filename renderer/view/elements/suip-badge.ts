import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { toneOf } from './tone.ts';
import { badge } from '../../vocabulary/types/badge.ts';
import { defineElement } from '../define-element.ts';

/** `badge`: a short chip with a tone-coloured border. */
export class SuipBadge extends SuipGroupElement {
  static override definition = badge;
  static override styles = [
    baseStyles,
    css`
      :host { display: inline-block; }
      .badge { display: inline-block; border: 2px solid var(--_tone); border-radius: 999px; padding: 0 10px; font-size: 0.85rem; font-weight: 600; background: var(--_color-bg); }
    `,
  ];

  protected override render(): unknown {
    return html`<span class=${`badge tone-${toneOf(this.text('tone'), 'neutral')}`}>${this.text('label') ?? ''}</span>`;
  }
}
defineElement('suip-badge', SuipBadge);
