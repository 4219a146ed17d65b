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
  static override styles = [
    baseStyles,
    fieldStyles,
    css`.range { display: flex; gap: var(--_space); align-items: center; } input { flex: 1; accent-color: var(--_color-accent); }`,
  ];

  /** The value the user dragged to, and the program's value it was dragged from. */
  #dragged: { value: string; from: string } | undefined;

  // The `<output>` is a Lit part: writing its textContent would remove Lit's markers, and the next
  // render (the program re-rendering with its new value) would throw in the host page. Re-render.
  private onInput = (event: Event): void => {
    this.#dragged = { value: (event.target as HTMLInputElement).value, from: this.programValue() };
    this.requestUpdate();
  };

  /** The value the program rendered, clamped to its range as the native input does. */
  private programValue(): string {
    const min = numberOf(this.text('min'), 0);
    return String(numberOf(this.text('value'), min));
  }

  protected override render(): unknown {
    const parts = this.parts;
    const min = numberOf(this.text('min'), 0);
    const max = numberOf(this.text('max'), 100);
    const value = this.programValue();
    // A new value from the program wins over what the user dragged to.
    if (this.#dragged !== undefined && this.#dragged.from !== value) this.#dragged = undefined;
    return html`<div class="field">
      <label for="control">${parts.label}</label>
      <div class="range">
        <input id="control" type="range" min=${min} max=${max} step=${numberOf(this.text('step'), 1)} .value=${value} @input=${this.onInput}
          aria-describedby=${ifDefined(describedBy(parts))} />
        <output for="control">${this.#dragged?.value ?? value}</output>
      </div>
      ${renderHelp(parts)}
    </div>`;
  }
}
defineElement('suip-slider', SuipSlider);
