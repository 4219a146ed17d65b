import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { toneOf } from './tone.ts';
import { alert } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { iconSvg } from './icons.ts';

const TONE_ICONS = { info: 'info', success: 'success', warning: 'warning', error: 'error', neutral: 'info' } as const;

/** `alert`: role alert (warning, error) or status (others): a tinted banner with its tone's icon. */
export class SuipAlert extends SuipGroupElement {
  static override definition = alert;
  static override styles = [
    baseStyles,
    css`
      .alert { border: 1px solid color-mix(in srgb, var(--_tone) 35%, transparent); border-radius: var(--_radius); padding: var(--_space-3) var(--_space-4); background: color-mix(in srgb, var(--_tone) 8%, var(--_color-surface)); display: grid; grid-template-columns: auto 1fr; gap: var(--_space-3); align-items: start; }
      .icon { color: var(--_tone); display: flex; padding-top: 1px; }
      .body { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
      strong { font-weight: 600; }
    `,
  ];

  protected override render(): unknown {
    const tone = toneOf(this.text('tone'), 'info');
    const urgent = tone === 'warning' || tone === 'error';
    const title = this.text('title');
    return html`<div class=${`alert tone-${tone}`} role=${urgent ? 'alert' : 'status'}>
      <span class="icon">${iconSvg(TONE_ICONS[tone], '1.2em')}</span>
      <div class="body">${title === undefined ? '' : html`<strong>${title}</strong>`} ${this.renderOthers()}</div>
    </div>`;
  }
}
defineElement('suip-alert', SuipAlert);
