import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { code } from '../../../core/vocabulary/structure.generated.ts';

/** `code`: source shown literally in `<pre><code>`, with its language as a caption. */
export class SuipCode extends SuipGroupElement {
  static override definition = code;
  static override styles = [
    baseStyles,
    css`
      figure { margin: 0; }
      figcaption { font-size: var(--_text-xs); text-transform: uppercase; letter-spacing: 0.04em; }
      pre { font-family: var(--_font-mono); font-size: var(--_text-sm); background: var(--_color-subtle); border: 1px solid var(--_color-border-subtle); border-radius: var(--_radius-sm); padding: var(--_space-3); overflow: auto; margin: var(--_space-1) 0 0; }
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
