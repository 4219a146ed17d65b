import { svg } from 'lit';

/** A small inline icon for the toolbar (decorative: every button also has its text). */
export function glyph(d: string) {
  return svg`<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d=${d}></path></svg>`;
}
