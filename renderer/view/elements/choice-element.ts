import { html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { EventName } from '../../../shared/index.ts';
import { SuipFieldElement } from './field-element.ts';
import { describedBy, renderHelp } from './field.ts';

/**
 * Base of `choice` (radios) and `multi-choice` (checkboxes): a `<fieldset>` whose legend is the
 * label; options are the other text children (id = value, text = label). Option ids become
 * `.value` properties, never markup.
 */
export class SuipChoiceElement extends SuipFieldElement {
  /** Radio (one) or checkbox (many). */
  protected multiple = false;

  private options(): { id: string; label: string }[] {
    const seen = new Set<string>();
    return this.others()
      .filter(([id]) => !seen.has(id) && (seen.add(id), true))
      .map(([id, child]) => ({ id, label: 'text' in child && typeof child.text === 'string' ? child.text : id }));
  }

  private initial(): Set<string> {
    const value = this.text('value') ?? '';
    return new Set(this.multiple ? value.split('\n').map((v) => v.trim()) : [value.trim()]);
  }

  /** A single choice drawn as a native `<select>` (variant "menu"). */
  private get menu(): boolean {
    return !this.multiple && (this.text('variant') ?? '').trim() === 'menu';
  }

  /** Ids of the checked options, in option order. */
  selected(): string[] {
    const picker = this.shadowRoot?.querySelector('select');
    if (picker) return picker.value === '' ? [] : [picker.value];
    const inputs = [...(this.shadowRoot?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    return inputs.filter((i) => i.checked).map((i) => i.value);
  }

  override eventValue(): string {
    return this.selected().join('\n');
  }

  protected override accepts(name: EventName, source: EventTarget | undefined): boolean {
    return name !== 'click' || source instanceof HTMLInputElement;
  }

  /** One entry per control, even for multi-choice (ids joined by newlines): generators read formData as a record. */
  override formEntries(): [string, string][] {
    const selected = this.selected();
    return this.multiple || selected.length > 0 ? [[this.ownId, selected.join('\n')]] : [];
  }

  protected override render(): unknown {
    if (this.menu) return this.renderMenu();
    const parts = this.parts;
    const initial = this.initial();
    const type = this.multiple ? 'checkbox' : 'radio';
    const options = this.options();
    return html`<fieldset aria-describedby=${ifDefined(describedBy(parts))} aria-invalid=${parts.error === undefined ? 'false' : 'true'}>
      <legend>${parts.label}</legend>
      ${repeat(
        options,
        (o) => o.id,
        (o, i) => html`<div class="option">
        <input id=${`o${i}`} type=${type} name="choice" .value=${o.id} .checked=${initial.has(o.id)} /><label for=${`o${i}`}>${o.label}</label>
      </div>`,
      )}
      ${renderHelp(parts)}
    </fieldset>`;
  }

  /** The dropdown form: the native control handles keyboard, screen readers and phones. */
  private renderMenu(): unknown {
    const parts = this.parts;
    const value = (this.text('value') ?? '').trim();
    const options = this.options();
    const known = options.some((o) => o.id === value);
    return html`<div class="field">
      <label for="control">${parts.label}</label>
      <select id="control" class="menu" aria-invalid=${parts.error === undefined ? 'false' : 'true'} aria-describedby=${ifDefined(describedBy(parts))}>
        ${known ? '' : html`<option value="" disabled selected>${this.text('placeholder') ?? 'Choose…'}</option>`}
        ${repeat(
          options,
          (o) => o.id,
          (o) => html`<option .value=${o.id} ?selected=${o.id === value}>${o.label}</option>`,
        )}
      </select>
      ${renderHelp(parts)}
    </div>`;
  }
}
