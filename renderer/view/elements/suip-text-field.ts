import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { SuipFieldElement } from './field-element.ts';
import { describedBy, isTrue, renderHelp } from './field.ts';
import { textField } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

const KINDS = new Set(['text', 'email', 'number', 'password', 'tel', 'url', 'search']);

/** `text-field`: a labelled `<input>`; Enter submits the surrounding form. */
export class SuipTextField extends SuipFieldElement {
  static override definition = textField;

  constructor() {
    super();
    // On the host, so it runs after the handler listener (which may preventDefault the Enter).
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.defaultPrevented && event.composedPath()[0] === this.control)
        this.requestSubmit();
    });
  }

  // SECURITY: autocomplete="off": the browser must not fill saved credentials or addresses into a
  // program's field, since whatever the field holds reaches the program.
  protected override render(): unknown {
    const parts = this.parts;
    const kind = (this.text('kind') ?? 'text').trim().toLowerCase();
    return html`<div class="field">
      <label for="control">${parts.label}</label>
      <input id="control" type=${KINDS.has(kind) ? kind : 'text'} autocomplete="off" .value=${this.text('value') ?? ''} placeholder=${ifDefined(this.text('placeholder'))}
        ?required=${isTrue(this.text('required'))} aria-invalid=${parts.error === undefined ? 'false' : 'true'} aria-describedby=${ifDefined(describedBy(parts))} />
      ${renderHelp(parts)}
    </div>`;
  }
}
defineElement('suip-text-field', SuipTextField);
