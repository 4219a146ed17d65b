import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { toneOf } from './tone.ts';
import { status } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `status`: a coloured dot, a label and detail, in a polite live region. */
export class SuipStatus extends SuipGroupElement {
  static override definition = status;
  static override styles = [
    baseStyles,
    css`
      .status { display: flex; align-items: center; gap: var(--_space-2); }
      .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--_tone); flex: none; box-shadow: 0 0 0 3px color-mix(in srgb, var(--_tone) 22%, transparent); }
      .label { font-weight: 600; }
    `,
  ];

  protected override render(): unknown {
    const tone = toneOf(this.text('tone'), 'neutral');
    const detail = this.text('detail');
    return html`<div class=${`status tone-${tone}`} role="status">
      <span class="dot" aria-hidden="true"></span><span class="label">${this.text('label') ?? ''}</span>
      <span class="sr-only">(${tone})</span>${detail === undefined ? '' : html`<span class="muted">${detail}</span>`}
    </div>`;
  }
}
defineElement('suip-status', SuipStatus);
