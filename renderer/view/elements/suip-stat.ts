import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { stat } from '../../vocabulary/types/stat.ts';
import { defineElement } from '../define-element.ts';

const TRENDS: Record<string, [string, string]> = { up: ['▲', 'trending up'], down: ['▼', 'trending down'], flat: ['▶', 'flat'] };

/** `stat`: a label over a big value with an optional trend arrow (named for screen readers). */
export class SuipStat extends SuipGroupElement {
  static override definition = stat;
  static override styles = [
    baseStyles,
    css`
      .stat { background: var(--_color-surface); border: 1px solid var(--_color-border); border-radius: var(--_radius); padding: var(--_space); }
      .value { font-size: 1.5rem; font-weight: 700; }
    `,
  ];

  protected override render(): unknown {
    const trendKey = (this.text('trend') ?? '').trim().toLowerCase();
    const trend = Object.hasOwn(TRENDS, trendKey) ? TRENDS[trendKey] : undefined;
    return html`<div class="stat">
      <div class="muted">${this.text('label') ?? ''}</div>
      <div class="value">${this.text('value') ?? ''} ${trend ? html`<span aria-hidden="true">${trend[0]}</span><span class="sr-only">${trend[1]}</span>` : ''}</div>
    </div>`;
  }
}
defineElement('suip-stat', SuipStat);
