import { html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { buttonStyles } from './button-styles.ts';
import { isTrue } from './field.ts';
import { button } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `button`: a native `<button>`; tone "submit" also submits the surrounding form. */
export class SuipButton extends SuipGroupElement {
  static override definition = button;
  static override styles = [baseStyles, buttonStyles];

  private onClick = (): void => {
    if ((this.text('tone') ?? '').trim() === 'submit')
      this.dispatchEvent(new CustomEvent('suip-submit', { bubbles: true, composed: true }));
  };

  protected override render(): unknown {
    const tone = (this.text('tone') ?? '').trim();
    const cls = tone === 'secondary' || tone === 'danger' ? tone : 'primary';
    return html`<button type="button" class=${cls} ?disabled=${isTrue(this.text('disabled'))} @click=${this.onClick}>${this.text('label') ?? ''}</button>`;
  }
}
defineElement('suip-button', SuipButton);
