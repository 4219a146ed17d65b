import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { code } from '../../vocabulary/types/code.ts';
import { defineElement } from '../define-element.ts';

/** `code`: source shown literally in `<pre><code>`, with its language as a caption. */
export class SuipCode extends SuipGroupElement {
  static override definition = code;
  static override styles = [
    baseStyles,
    css`
      figure { margin: 0; }
      figcaption { font-size: 0.85rem; }
      pre { font-family: var(--_font-mono); background: var(--_color-surface); border: 1px solid var(--_color-border); border-radius: var(--_radius); padding: var(--_space); overflow: auto; margin: 4px 0 0; }
    `,
  ];

  protected override render(): unknown {
    const language = (this.text('language') ?? '').slice(0, 40);
    return html`<figure>
      ${language ? html`<figcaption class="muted">${language}</figcaption>` : ''}
      <pre tabindex="0"><code>${this.text('code') ?? ''}</code></pre>
    </figure>`;
  }
}
defineElement('suip-code', SuipCode);
