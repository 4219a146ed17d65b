import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { divider } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `divider` → `<hr>`. */
export class SuipDivider extends SuipGroupElement {
  static override definition = divider;
  static override styles = [
    baseStyles,
    css`hr { border: 0; border-top: 1px solid var(--_color-border-subtle); margin: var(--_space-1) 0; }`,
  ];

  protected override render(): unknown {
    return html`<hr />`;
  }
}
defineElement('suip-divider', SuipDivider);
