import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { placeholder } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `placeholder`: skeleton lines with `aria-busy`, announced by its label; no motion when the user asks for less. */
export class SuipPlaceholder extends SuipGroupElement {
  static override definition = placeholder;
  static override styles = [
    baseStyles,
    css`
      .skeleton { display: grid; gap: 8px; padding: 4px 0; }
      .line { height: 12px; border-radius: 6px; background: linear-gradient(90deg, var(--_color-surface), var(--_color-border), var(--_color-surface)); background-size: 200% 100%; animation: shimmer 1.4s ease-in-out infinite; opacity: 0.6; }
      .line:last-child { width: 60%; }
      @keyframes shimmer { from { background-position: 100% 0; } to { background-position: -100% 0; } }
      @media (prefers-reduced-motion: reduce) { .line { animation: none; } }
    `,
  ];

  protected override render(): unknown {
    const label = this.text('label') ?? 'Loading';
    const lines = Math.min(8, Math.max(1, Number.parseInt(this.text('lines') ?? '3', 10) || 3));
    return html`<div class="skeleton" role="status" aria-busy="true" aria-label=${label}>${Array.from({ length: lines }, () => html`<div class="line"></div>`)}</div>`;
  }
}
defineElement('suip-placeholder', SuipPlaceholder);
