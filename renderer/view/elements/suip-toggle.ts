import { SuipCheckbox } from './suip-checkbox.ts';
import { toggle } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `toggle`: a labelled checkbox exposed as a switch; form value "true" / "false". */
export class SuipToggle extends SuipCheckbox {
  static override definition = toggle;
  protected override asSwitch = true;
}
defineElement('suip-toggle', SuipToggle);
