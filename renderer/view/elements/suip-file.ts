import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { describeMime } from '../../../core/policy/mime.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { blockedMedia, safeLink } from '../media.ts';
import { file } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { policyAt } from '../refusals.ts';

/** `file`: a link to a file with its kind; opens in a new tab on a real click only. */
export class SuipFile extends SuipGroupElement {
  static override definition = file;
  static override styles = [
    baseStyles,
    css`.file { display: flex; gap: 8px; align-items: center; } a { color: var(--_color-accent); }`,
  ];

  protected override render(): unknown {
    const src = this.child('src');
    const name = this.text('name') ?? 'file';
    const mime = src && 'data' in src && typeof src.mimeType === 'string' ? src.mimeType : '';
    const href =
      src && 'data' in src && typeof src.data === 'string'
        ? (this.context && policyAt(this.context, [...this.path, 'src']))?.linkHref(src.data)
        : undefined;
    if (href === undefined) return blockedMedia(mime, name);
    return html`<div class="file">${safeLink(href, name)}<span class="muted">${describeMime(mime)}</span></div>`;
  }
}
defineElement('suip-file', SuipFile);
