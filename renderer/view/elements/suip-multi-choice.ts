import { SuipChoiceElement } from './choice-element.ts';

/** `multi-choice`: pick any number of options (checkbox group). */
export class SuipMultiChoice extends SuipChoiceElement {
  protected override multiple = true;
}
customElements.define('suip-multi-choice', SuipMultiChoice);
