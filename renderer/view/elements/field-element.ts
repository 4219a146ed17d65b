import { SuipGroupElement } from '../suip-element.ts';
import { baseStyles, fieldStyles } from '../../theme/base-styles.ts';
import type { FieldParts } from './field.ts';

/** Base of labelled controls: label/hint/error roles, and Enter-to-submit for one-line inputs. */
export class SuipFieldElement extends SuipGroupElement {
  static override styles = [baseStyles, fieldStyles];

  /** Label, hint and error texts of this field. */
  protected get parts(): FieldParts {
    return { label: this.text('label') ?? '', hint: this.text('hint'), error: this.text('error') };
  }

  /** The native control inside the shadow root. */
  protected get control(): HTMLInputElement | HTMLTextAreaElement | null {
    return this.shadowRoot?.querySelector('#control') ?? null;
  }

  /** Ask the nearest suip form to submit (the native control is in another tree than its form). */
  protected requestSubmit(): void {
    this.dispatchEvent(new CustomEvent('suip-submit', { bubbles: true, composed: true }));
  }

  override formEntries(): [string, string][] {
    const control = this.control;
    return control ? [[this.ownId, control.value]] : [];
  }
}
