import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { buttonStyles } from './button-styles.ts';
import { form } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/**
 * `form`: a native `<form>` with a submit button. Its fields live in their own shadow roots, so
 * the browser would not see them: `submit` payloads are gathered from the suip controls inside
 * (names = control ids), and Enter in a text field asks this form to submit. The default
 * submission (a navigation of the host page) is always prevented.
 */
export class SuipForm extends SuipGroupElement {
  static override definition = form;
  static override styles = [
    baseStyles,
    buttonStyles,
    css`form { display: flex; flex-direction: column; gap: var(--_space-4); } h2 { font-size: var(--_text-lg); margin: 0; } .actions { display: flex; gap: var(--_space-2); }`,
  ];

  constructor() {
    super();
    this.addEventListener('suip-submit', (event) => {
      event.stopPropagation();
      this.shadowRoot?.querySelector('form')?.requestSubmit();
    });
  }

  protected override render(): unknown {
    const title = this.text('title');
    return html`<form novalidate aria-label=${title ?? 'Form'}>
      ${title === undefined ? '' : html`<h2>${title}</h2>`} ${this.renderOthers()}
      <div class="actions"><button type="submit">${this.text('submit') ?? 'Submit'}</button></div>
    </form>`;
  }
}
defineElement('suip-form', SuipForm);
