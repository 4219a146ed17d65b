import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { icon } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { iconSvg } from './icons.ts';

/** `icon`: an outline drawing from the fixed set; labelled as an image, or hidden when decorative. */
export class SuipIcon extends SuipGroupElement {
  static override definition = icon;
  static override styles = [
    baseStyles,
    css`
      :host { display: inline-flex; vertical-align: middle; }
      span { display: inline-flex; line-height: 1; }
      .unknown { width: 1.25em; height: 1.25em; border: 2px dashed currentColor; border-radius: 4px; box-sizing: border-box; opacity: 0.5; }
    `,
  ];

  protected override render(): unknown {
    const drawing = iconSvg((this.text('name') ?? '').trim()) ?? html`<span class="unknown"></span>`;
    const label = this.text('label');
    return label
      ? html`<span role="img" aria-label=${label}>${drawing}</span>`
      : html`<span aria-hidden="true">${drawing}</span>`;
  }
}
defineElement('suip-icon', SuipIcon);
