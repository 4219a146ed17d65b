import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { hero } from '../../vocabulary/types/hero.ts';
import { defineElement } from '../define-element.ts';

/** `hero`: a large heading block with subtitle and extra content. */
export class SuipHero extends SuipGroupElement {
  static override definition = hero;
  static override styles = [
    baseStyles,
    css`
      .hero { padding: calc(var(--_space) * 2) var(--_space); border-radius: var(--_radius); background: var(--_color-surface); border-left: 6px solid var(--_color-accent); display: flex; flex-direction: column; gap: calc(var(--_space) / 2); }
      h2 { font-size: 1.8rem; line-height: 1.2; margin: 0; }
      .subtitle { font-size: 1.1rem; margin: 0; }
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
