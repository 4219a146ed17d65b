import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { blockedMedia, renderMedia } from '../media.ts';
import { image } from '../../../core/vocabulary/structure.generated.ts';
import { policyAt } from '../refusals.ts';

/**
 * `image`: `<figure>` with a policy-checked `<img>` (SVG only ever here), alt text and caption. A
 * picture keeps its own size (at most the width it is given): a flex column would stretch it.
 */
export class SuipImage extends SuipGroupElement {
  static override definition = image;
  static override styles = [
    baseStyles,
    css`figure { margin: 0; display: flex; flex-direction: column; align-items: flex-start; gap: var(--_space-1); } img { max-width: 100%; height: auto; border-radius: var(--_radius-sm); display: block; } figcaption { font-size: var(--_text-xs); }`,
  ];

  protected override render(): unknown {
    const src = this.child('src');
    const alt = this.text('alt') ?? '';
    const caption = this.text('caption');
    const media =
      src && 'data' in src && this.context
        ? renderMedia(src, policyAt(this.context, [...this.path, 'src']), { label: alt })
        : blockedMedia('image/*', alt);
    return html`<figure>${media}${caption === undefined ? '' : html`<figcaption class="muted">${caption}</figcaption>`}</figure>`;
  }
}
