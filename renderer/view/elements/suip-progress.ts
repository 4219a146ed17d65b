import { css, html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { numberOf } from './tone.ts';
import { progress } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `progress`: a native `<progress>` labelled by its label, with the amount as text. */
export class SuipProgress extends SuipGroupElement {
  static override definition = progress;
  static override styles = [
    baseStyles,
    css`
      .progress { display: flex; flex-direction: column; gap: var(--_space-1); }
      .top { display: flex; justify-content: space-between; gap: var(--_space); font-size: var(--_text-sm); }
      label { font-weight: 500; }
      progress { width: 100%; height: 8px; appearance: none; border: 0; border-radius: 999px; overflow: hidden; background: var(--_color-subtle); accent-color: var(--_color-accent); }
      progress::-webkit-progress-bar { background: var(--_color-subtle); border-radius: 999px; }
      progress::-webkit-progress-value { background: var(--_color-accent); border-radius: 999px; }
      progress::-moz-progress-bar { background: var(--_color-accent); border-radius: 999px; }
    `,
  ];

  protected override render(): unknown {
    const max = Math.max(numberOf(this.text('max'), 100), Number.MIN_VALUE);
    const raw = this.text('value');
    const value = raw === undefined ? undefined : Math.min(Math.max(numberOf(raw, 0), 0), max);
    return html`<div class="progress">
      <div class="top"><label for="bar">${this.text('label') ?? ''}</label><span class="muted">${value === undefined ? '' : `${Math.round((value / max) * 100)} %`}</span></div>
      <progress id="bar" max=${max} value=${ifDefined(value)}></progress>
    </div>`;
  }
}
defineElement('suip-progress', SuipProgress);
