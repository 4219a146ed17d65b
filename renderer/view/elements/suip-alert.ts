import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { toneOf } from './tone.ts';
import { alert } from '../../vocabulary/types/alert.ts';
import { defineElement } from '../define-element.ts';

/** `alert`: role alert (warning, error) or status (others), with a tone-coloured edge. */
export class SuipAlert extends SuipGroupElement {
  static override definition = alert;
  static override styles = [
    baseStyles,
    css`
      .alert { border: 1px solid var(--_tone); border-left-width: 6px; border-radius: var(--_radius); padding: var(--_space); background: var(--_color-surface); display: flex; flex-direction: column; gap: 4px; }
      strong { font-weight: 700; }
    `,
  ];

  protected override render(): unknown {
    const tone = toneOf(this.text('tone'), 'info');
    const urgent = tone === 'warning' || tone === 'error';
    const title = this.text('title');
    return html`<div class=${`alert tone-${tone}`} role=${urgent ? 'alert' : 'status'}>
      ${title === undefined ? '' : html`<strong>${title}</strong>`} ${this.renderOthers()}
    </div>`;
  }
}
defineElement('suip-alert', SuipAlert);
