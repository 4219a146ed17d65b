import { SuipChoiceElement } from './choice-element.ts';

/** `choice`: pick one option (radio group). */
export class SuipChoice extends SuipChoiceElement {}
customElements.define('suip-choice', SuipChoice);
