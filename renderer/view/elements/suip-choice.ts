import { SuipChoiceElement } from './choice-element.ts';
import { choice } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `choice`: pick one option (radio group). */
export class SuipChoice extends SuipChoiceElement {
  static override definition = choice;
}
defineElement('suip-choice', SuipChoice);
