import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { keyValue } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `key-value`: pair rows stacked, each pair its own description list. */
export class SuipKeyValue extends SuipGroupElement {
  static override definition = keyValue;
  static override styles = [
    baseStyles,
    css`.kv { display: flex; flex-direction: column; border-top: 1px solid var(--_color-border-subtle); }`,
  ];

  protected override render(): unknown {
    return html`<div class="kv">${this.renderOthers()}</div>`;
  }
}
defineElement('suip-key-value', SuipKeyValue);
