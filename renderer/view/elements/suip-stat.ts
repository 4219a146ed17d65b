import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { stat } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { iconSvg } from './icons.ts';
import { toneOf } from './tone.ts';

const TRENDS: Record<string, { icon: string; words: string; tone: 'success' | 'error' | 'neutral' }> = {
  up: { icon: 'trending-up', words: 'trending up', tone: 'success' },
  down: { icon: 'trending-down', words: 'trending down', tone: 'error' },
  flat: { icon: 'arrow-right', words: 'flat', tone: 'neutral' },
};

/**
 * `stat`: a label over a big value, with an optional trend chip. The chip's colour says whether
 * the change is good (tone), defaulting to up = success, down = error; the words are announced.
 */
export class SuipStat extends SuipGroupElement {
  static override definition = stat;
  static override styles = [
    baseStyles,
    css`
      :host { height: 100%; }
      .stat { background: var(--_color-surface); border: 1px solid var(--_color-border-subtle); border-radius: var(--_radius); box-shadow: var(--_shadow-1); padding: var(--_space-3) var(--_space-4); display: flex; flex-direction: column; gap: var(--_space-1); height: 100%; box-sizing: border-box; }
      .label { font-size: var(--_text-sm); color: var(--_color-muted); font-weight: 500; }
      .line { display: flex; align-items: baseline; flex-wrap: wrap; gap: var(--_space-2); }
      .value { font-size: var(--_text-2xl); font-weight: 700; letter-spacing: -0.02em; line-height: 1.1; font-variant-numeric: tabular-nums; }
      .trend { display: inline-flex; align-items: center; gap: 3px; font-size: var(--_text-xs); font-weight: 600; color: var(--_tone); background: color-mix(in srgb, var(--_tone) 12%, var(--_color-surface)); border-radius: 999px; padding: 1px 7px; }
    `,
  ];

  protected override render(): unknown {
    const trendKey = (this.text('trend') ?? '').trim().toLowerCase();
    const trend = Object.hasOwn(TRENDS, trendKey) ? TRENDS[trendKey] : undefined;
    const change = this.text('change');
    const tone = toneOf(this.text('tone'), trend?.tone ?? 'neutral');
    const chip =
      trend || change
        ? html`<span class=${`trend tone-${tone}`}>${trend ? iconSvg(trend.icon, '1.1em') : ''}${change ?? ''}${trend ? html`<span class="sr-only">${trend.words}</span>` : ''}</span>`
        : '';
    return html`<div class="stat">
      <div class="label">${this.text('label') ?? ''}</div>
      <div class="line"><span class="value">${this.text('value') ?? ''}</span>${chip}</div>
    </div>`;
  }
}
defineElement('suip-stat', SuipStat);
