import { css, html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { baseStyles, fieldStyles } from '../../theme/base-styles.ts';
import { SuipFieldElement } from './field-element.ts';
import { describedBy, renderHelp } from './field.ts';
import { numberOf } from './tone.ts';
import { slider } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `slider`: a labelled range input with its value shown in an `<output>`. */
export class SuipSlider extends SuipFieldElement {
  static override definition = slider;
  static override styles = [baseStyles, fieldStyles, css`.range { display: flex; gap: var(--_space); align-items: center; } input { flex: 1; accent-color: var(--_color-accent); }`];

  private onInput = (event: Event): void => {
    const output = this.shadowRoot?.querySelector('output');
    if (output) output.textContent = (event.target as HTMLInputElement).value;
  };

  protected override render(): unknown {
    const parts = this.parts;
    const min = numberOf(this.text('min'), 0);
    const max = numberOf(this.text('max'), 100);
    const value = String(numberOf(this.text('value'), min));
    return html`<div class="field">
      <label for="control">${parts.label}</label>
      <div class="range">
        <input id="control" type="range" min=${min} max=${max} step=${numberOf(this.text('step'), 1)} .value=${value} @input=${this.onInput}
          aria-describedby=${ifDefined(describedBy(parts))} />
        <output for="control">${value}</output>
      </div>
      ${renderHelp(parts)}
    </div>`;
  }
}
defineElement('suip-slider', SuipSlider);
