import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { pair } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `pair` → `<dl><dt>key</dt><dd>value</dd></dl>` (the value may be any particle). */
export class SuipPair extends SuipGroupElement {
  static override definition = pair;
  static override styles = [
    baseStyles,
    css`
      dl { display: grid; grid-template-columns: minmax(6rem, 1fr) 2fr; gap: var(--_space); margin: 0; padding: var(--_space-2) 0; border-bottom: 1px solid var(--_color-border-subtle); }
      dt { color: var(--_color-muted); }
      dd { font-weight: 500; }
      dd { margin: 0; min-width: 0; }
    `,
  ];

  protected override render(): unknown {
    const value = this.entries.filter(([id]) => id === 'value');
    return html`<dl><dt>${this.text('key') ?? ''}</dt><dd>${this.renderKeyed(value)}</dd></dl>`;
  }
}
defineElement('suip-pair', SuipPair);
