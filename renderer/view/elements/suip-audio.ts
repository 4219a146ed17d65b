import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { blockedMedia, renderMedia } from '../media.ts';
import { audio } from '../../../core/vocabulary/structure.generated.ts';
import { policyAt } from '../refusals.ts';

/** `audio`: a titled player with native controls; the source goes through the media policy. */
export class SuipAudio extends SuipGroupElement {
  static override definition = audio;
  static override styles = [
    baseStyles,
    css`figure { margin: 0; display: flex; flex-direction: column; gap: 4px; } audio { max-width: 100%; } figcaption { font-weight: 600; }`,
  ];

  protected override render(): unknown {
    const src = this.child('src');
    const title = this.text('title') ?? '';
    const caption = this.text('caption');
    const media =
      src && 'data' in src && this.context
        ? renderMedia(src, policyAt(this.context, [...this.path, 'src']), { label: title })
        : blockedMedia('audio/*', title);
    return html`<figure><figcaption>${title}</figcaption>${media}${caption === undefined ? '' : html`<p class="muted">${caption}</p>`}</figure>`;
  }
}
