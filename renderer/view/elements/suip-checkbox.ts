import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { EventName } from '../../../shared/index.ts';
import { SuipFieldElement } from './field-element.ts';
import { describedBy, isTrue, renderHelp } from './field.ts';
import { checkbox } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `checkbox`: a labelled checkbox; form value "true" / "false". */
export class SuipCheckbox extends SuipFieldElement {
  static override definition = checkbox;
  /** Drawn and announced as a switch (`toggle`) instead of a checkbox. */
  protected asSwitch = false;

  protected override accepts(name: EventName, source: EventTarget | undefined): boolean {
    // A click on the label also clicks the input: report the input's click only, once.
    return name !== 'click' || source === this.control;
  }

  override formEntries(): [string, string][] {
    const control = this.control as HTMLInputElement | null;
    return control ? [[this.ownId, control.checked ? 'true' : 'false']] : [];
  }

  protected override render(): unknown {
    const parts = this.parts;
    return html`<div class="field">
      <div class="option ${this.asSwitch ? 'switch' : ''}">
        <input id="control" type="checkbox" role=${ifDefined(this.asSwitch ? 'switch' : undefined)} .checked=${isTrue(this.text('checked'))} aria-invalid=${parts.error === undefined ? 'false' : 'true'} aria-describedby=${ifDefined(describedBy(parts))} />
        <label for="control">${parts.label}</label>
      </div>
      ${renderHelp(parts)}
    </div>`;
  }
}
defineElement('suip-checkbox', SuipCheckbox);
