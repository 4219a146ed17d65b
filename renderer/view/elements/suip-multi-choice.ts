import { SuipChoiceElement } from './choice-element.ts';
import { multiChoice } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `multi-choice`: pick any number of options (checkbox group). */
export class SuipMultiChoice extends SuipChoiceElement {
  static override definition = multiChoice;
  protected override multiple = true;
}
defineElement('suip-multi-choice', SuipMultiChoice);
