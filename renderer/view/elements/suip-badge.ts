import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { toneOf } from './tone.ts';
import { badge } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `badge`: a small pill tinted with its tone (text in the tone colour, a soft fill behind it). */
export class SuipBadge extends SuipGroupElement {
  static override definition = badge;
  static override styles = [
    baseStyles,
    css`
      :host { display: inline-block; vertical-align: middle; }
      .badge { display: inline-flex; align-items: center; gap: 4px; border-radius: 999px; padding: 1px var(--_space-2); font-size: var(--_text-xs); font-weight: 600; line-height: 1.5; white-space: nowrap;
        color: color-mix(in srgb, var(--_tone) 82%, var(--_color-fg)); background: color-mix(in srgb, var(--_tone) 13%, var(--_color-surface)); border: 1px solid color-mix(in srgb, var(--_tone) 28%, transparent); }
    `,
  ];

  protected override render(): unknown {
    return html`<span class=${`badge tone-${toneOf(this.text('tone'), 'neutral')}`}>${this.text('label') ?? ''}</span>`;
  }
}
defineElement('suip-badge', SuipBadge);
