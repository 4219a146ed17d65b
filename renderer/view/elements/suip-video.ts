import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { blockedMedia, renderMedia } from '../media.ts';
import { video } from '../../../core/vocabulary/structure.generated.ts';
import { policyAt } from '../refusals.ts';

/** `video`: a titled player with native controls; the source goes through the media policy. */
export class SuipVideo extends SuipGroupElement {
  static override definition = video;
  static override styles = [
    baseStyles,
    css`figure { margin: 0; display: flex; flex-direction: column; gap: 4px; } video { max-width: 100%; } figcaption { font-weight: 600; }`,
  ];

  protected override render(): unknown {
    const src = this.child('src');
    const title = this.text('title') ?? '';
    const caption = this.text('caption');
    const still = this.child('poster');
    // SECURITY: the poster is an image URL like any other: through the media policy, or not shown.
    const poster =
      still && 'data' in still && this.context && typeof still.data === 'string' && typeof still.mimeType === 'string'
        ? policyAt(this.context, [...this.path, 'poster']).mediaSrc(still.data, still.mimeType)
        : undefined;
    const media =
      src && 'data' in src && this.context
        ? renderMedia(src, policyAt(this.context, [...this.path, 'src']), {
            label: title,
            ...(poster === undefined ? {} : { poster }),
          })
        : blockedMedia('video/*', title);
    return html`<figure><figcaption>${title}</figcaption>${media}${caption === undefined ? '' : html`<p class="muted">${caption}</p>`}</figure>`;
  }
}
