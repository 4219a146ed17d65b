import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { SuipFieldElement } from './field-element.ts';
import { describedBy, isTrue, renderHelp } from './field.ts';
import { textArea } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `text-area`: a labelled `<textarea>`. */
export class SuipTextArea extends SuipFieldElement {
  static override definition = textArea;

  protected override render(): unknown {
    const parts = this.parts;
    return html`<div class="field">
      <label for="control">${parts.label}</label>
      <textarea id="control" rows="4" autocomplete="off" .value=${this.text('value') ?? ''} placeholder=${ifDefined(this.text('placeholder'))}
        ?required=${isTrue(this.text('required'))} aria-invalid=${parts.error === undefined ? 'false' : 'true'} aria-describedby=${ifDefined(describedBy(parts))}></textarea>
      ${renderHelp(parts)}
    </div>`;
  }
}
defineElement('suip-text-area', SuipTextArea);
