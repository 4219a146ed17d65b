import { html, type TemplateResult } from 'lit';
import type { DataParticle } from '../../shared/index.ts';
import { describeMime, mediaKind } from '../../core/policy/mime.ts';
import type { UrlPolicy } from './view-context.ts';

/** How a media element is labelled. */
export interface MediaLabel {
  /** Alt text for images ('' = decorative), accessible name for players, link text for files. */
  label: string;
  /** A video's poster image, already through the media policy. */
  poster?: string;
}

/** A visible, accessible stand-in for media the policy refused. */
export function blockedMedia(mimeType: string, label: string): TemplateResult {
  return html`<p class="blocked muted" role="note">Media not shown (${describeMime(mimeType)}${label ? `: ${label}` : ''}): its address is not allowed here.</p>`;
}

/** A link that opens only on a real click, in a new tab, without opener or referrer. */
export function safeLink(href: string, content: unknown): TemplateResult {
  const onClick = (e: Event) => {
    if (!e.isTrusted) e.preventDefault();
  };
  return html`<a href=${href} target="_blank" rel="noopener noreferrer" @click=${onClick}>${content}</a>`;
}

/**
 * Render a data particle by its declared mime type. SECURITY: every src/href comes from the
 * policy (WHATWG-parsed allowlist); a refused URL renders a note instead, never the raw value.
 */
export function renderMedia(particle: DataParticle, policy: UrlPolicy, { label, poster }: MediaLabel): TemplateResult {
  const url = typeof particle.data === 'string' ? particle.data : '';
  const mime = typeof particle.mimeType === 'string' ? particle.mimeType : '';
  const kind = mediaKind(mime);
  if (kind) {
    const src = policy.mediaSrc(url, mime);
    if (src === undefined) return blockedMedia(mime, label);
    switch (kind) {
      case 'image':
        return html`<img src=${src} alt=${label} loading="lazy" referrerpolicy="no-referrer" />`;
      case 'audio':
        return html`<audio controls preload="none" src=${src} aria-label=${label || 'Audio'}></audio>`;
      case 'video':
        return poster === undefined
          ? html`<video controls preload="none" src=${src} aria-label=${label || 'Video'}></video>`
          : html`<video controls preload="none" src=${src} poster=${poster} aria-label=${label || 'Video'}></video>`;
    }
  }
  const href = policy.linkHref(url);
  const text = `${label || 'Open file'} (${describeMime(mime)})`;
  return href === undefined ? blockedMedia(mime, label) : safeLink(href, text);
}
