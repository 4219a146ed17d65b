import { SuipCheckbox } from './suip-checkbox.ts';

/** `toggle`: a labelled checkbox exposed as a switch; form value "true" / "false". */
export class SuipToggle extends SuipCheckbox {
  protected override asSwitch = true;
}
customElements.define('suip-toggle', SuipToggle);
