import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { SuipFieldElement } from './field-element.ts';
import { describedBy, renderHelp } from './field.ts';
import { dateField } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

const KINDS: Record<string, string> = {
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
  'datetime-local': 'datetime-local',
};

/** `date-field`: a labelled native date, time or date-time input (values in ISO form). */
export class SuipDateField extends SuipFieldElement {
  static override definition = dateField;

  protected override render(): unknown {
    const parts = this.parts;
    const kind = (this.text('kind') ?? 'date').trim().toLowerCase();
    return html`<div class="field">
      <label for="control">${parts.label}</label>
      <input id="control" type=${Object.hasOwn(KINDS, kind) ? KINDS[kind]! : 'date'} .value=${this.text('value') ?? ''} min=${ifDefined(this.text('min'))} max=${ifDefined(this.text('max'))}
        aria-invalid=${parts.error === undefined ? 'false' : 'true'} aria-describedby=${ifDefined(describedBy(parts))} />
      ${renderHelp(parts)}
    </div>`;
  }
}
defineElement('suip-date-field', SuipDateField);
