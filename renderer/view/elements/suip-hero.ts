import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { hero } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `hero`: a large heading block with subtitle and extra content. */
export class SuipHero extends SuipGroupElement {
  static override definition = hero;
  static override styles = [
    baseStyles,
    css`
      .hero { padding: var(--_space-2) 0 var(--_space-1); display: flex; flex-direction: column; gap: var(--_space-2); }
      h2 { font-size: var(--_text-2xl); line-height: 1.15; letter-spacing: -0.02em; font-weight: 700; margin: 0; }
      .subtitle { font-size: var(--_text-md); margin: 0; max-width: 60ch; }
    `,
  ];

  protected override render(): unknown {
    const subtitle = this.text('subtitle');
    return html`<div class="hero">
      <h2>${this.text('title') ?? ''}</h2>
      ${subtitle === undefined ? '' : html`<p class="subtitle muted">${subtitle}</p>`} ${this.renderOthers()}
    </div>`;
  }
}
defineElement('suip-hero', SuipHero);
