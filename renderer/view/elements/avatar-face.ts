import { html, type TemplateResult } from 'lit';
import type { Particle } from '../../../shared/index.ts';
import type { UrlPolicy } from '../view-context.ts';
import { css } from 'lit';

/** Up to two initials of a name ("Ada Lovelace" → "AL"), letters only as the user wrote them. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((w) => [...w][0] ?? '')
    .join('')
    .toUpperCase();
}

/** Styles of the round face (picture or initials) shared by `avatar` and `message`. */
export const faceStyles = css`
  .face { display: inline-grid; place-items: center; border-radius: 50%; overflow: hidden; flex: none; width: 2.25em; height: 2.25em; font-size: var(--_text-sm); font-weight: 600;
    background: var(--_color-subtle); color: var(--_color-muted); border: 1px solid var(--_color-border-subtle); box-sizing: border-box; user-select: none; }
  .face.sm { width: 1.75em; height: 1.75em; font-size: var(--_text-xs); }
  .face.lg { width: 3.25em; height: 3.25em; font-size: var(--_text-lg); }
  .face img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

/**
 * A round face: the picture when the URL policy allows it, else the initials. Decorative unless
 * `label` is given (a message names its author in text already).
 */
export function renderFace(
  name: string,
  src: Particle | undefined,
  policy: UrlPolicy | undefined,
  size: string,
  label?: string,
): TemplateResult {
  const url = src && 'data' in src && typeof src.data === 'string' ? src.data : undefined;
  const mime = src && 'mimeType' in src && typeof src.mimeType === 'string' ? src.mimeType : 'image/*';
  const allowed = url !== undefined && policy ? policy.mediaSrc(url, mime) : undefined;
  const cls = `face ${size === 'sm' || size === 'lg' ? size : 'md'}`;
  const inner =
    allowed === undefined ? html`${initials(name)}` : html`<img src=${allowed} alt="" referrerpolicy="no-referrer" />`;
  return label === undefined
    ? html`<span class=${cls} aria-hidden="true">${inner}</span>`
    : html`<span class=${cls} role="img" aria-label=${label}>${inner}</span>`;
}
