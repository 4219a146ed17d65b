import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { section } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/**
 * `section` → `<section>` labelled by its heading. Inside tabs or accordion the container shows
 * the title (tab / summary), so the section hides its own heading there.
 */
export class SuipSection extends SuipGroupElement {
  static override definition = section;
  static override styles = [
    baseStyles,
    css`
      section { display: flex; flex-direction: column; gap: var(--_space-3); }
      h2 { font-size: var(--_text-md); font-weight: 600; margin: 0; line-height: 1.3; }
    `,
  ];

  protected override render(): unknown {
    const title = this.text('title') ?? '';
    const inPanel = this.parentElement?.hasAttribute('data-panel') === true;
    if (inPanel) return html`<div class="stack">${this.renderOthers()}</div>`;
    return html`<section aria-labelledby="title"><h2 id="title">${title}</h2>${this.renderOthers()}</section>`;
  }
}
defineElement('suip-section', SuipSection);
