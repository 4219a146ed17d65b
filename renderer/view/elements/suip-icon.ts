import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { icon } from '../../vocabulary/types/icon.ts';
import { defineElement } from '../define-element.ts';

const GLYPHS: ReadonlyMap<string, string> = new Map([
  ['check', '✓'], ['close', '✕'], ['info', 'ℹ'], ['warning', '⚠'], ['error', '⛔'], ['star', '★'], ['heart', '♥'],
  ['home', '⌂'], ['search', '⌕'], ['settings', '⚙'], ['user', '👤'], ['mail', '✉'], ['calendar', '📅'], ['clock', '🕒'],
  ['sun', '☀'], ['cloud', '☁'], ['rain', '☔'], ['arrow-up', '↑'], ['arrow-down', '↓'], ['plus', '+'], ['minus', '−'],
]);

/** `icon`: a glyph from a fixed table; labelled as an image, or hidden when decorative. */
export class SuipIcon extends SuipGroupElement {
  static override definition = icon;
  static override styles = [baseStyles, css`:host { display: inline-block; } span { font-size: 1.4rem; line-height: 1; }`];

  protected override render(): unknown {
    const glyph = GLYPHS.get((this.text('name') ?? '').trim()) ?? '□';
    const label = this.text('label');
    return label ? html`<span role="img" aria-label=${label}>${glyph}</span>` : html`<span aria-hidden="true">${glyph}</span>`;
  }
}
defineElement('suip-icon', SuipIcon);
