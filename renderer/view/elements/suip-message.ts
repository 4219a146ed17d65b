import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { message } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { faceStyles, renderFace } from './avatar-face.ts';
import { isTrue } from './field.ts';
import { policyAt } from '../refusals.ts';

/**
 * `message`: a chat bubble. Others' messages sit left on a quiet fill with their face; "me" sits
 * right in the accent colour; "system" is a centred note. The author is always in the text (the
 * visible name is hidden for "me" but read out), so the face is decorative.
 */
export class SuipMessage extends SuipGroupElement {
  static override definition = message;
  static override styles = [
    baseStyles,
    faceStyles,
    css`
      .msg { display: flex; gap: var(--_space-2); align-items: flex-end; max-width: min(34rem, 88%); }
      .msg.me { margin-inline-start: auto; flex-direction: row-reverse; }
      .col { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
      .me .col { align-items: flex-end; }
      .meta { display: flex; gap: var(--_space-2); align-items: baseline; font-size: var(--_text-xs); color: var(--_color-muted); padding: 0 var(--_space-1); }
      .author { font-weight: 600; color: var(--_color-fg); }
      .bubble { padding: var(--_space-2) var(--_space-3); border-radius: calc(var(--_radius) * 1.6); border-end-start-radius: 4px; background: var(--_color-subtle); color: var(--_color-fg); overflow-wrap: anywhere; }
      /* Text elements inside read the private colours: on the accent fill they all become on-accent. */
      .me .bubble { background: var(--_color-accent-strong); color: var(--_color-on-accent); border-end-start-radius: calc(var(--_radius) * 1.6); border-end-end-radius: 4px;
        --_color-fg: var(--_color-on-accent); --_color-muted: var(--_color-on-accent); --_color-accent: var(--_color-on-accent); }
      .bubble ::slotted(*), .bubble > * { margin: 0; }
      .system { text-align: center; font-size: var(--_text-xs); color: var(--_color-muted); padding: var(--_space-1) 0; }
      .typing { display: inline-flex; gap: 4px; padding: 6px 2px; }
      .typing span { width: 6px; height: 6px; border-radius: 50%; background: currentColor; opacity: 0.4; animation: blink 1.2s infinite; }
      .typing span:nth-child(2) { animation-delay: 0.2s; }
      .typing span:nth-child(3) { animation-delay: 0.4s; }
      @keyframes blink { 50% { opacity: 1; } }
      @media (prefers-reduced-motion: reduce) { .typing span { animation: none; opacity: 0.7; } }
    `,
  ];

  private hasBody(): boolean {
    return this.others().some(
      ([, child]) => !('text' in child) || (typeof child.text === 'string' && child.text.trim() !== ''),
    );
  }

  protected override render(): unknown {
    const from = (this.text('from') ?? 'other').trim();
    const author = this.text('author') ?? '';
    const time = this.text('time');
    if (from === 'system') return html`<div class="system" role="note">${this.renderOthers()}</div>`;
    const me = from === 'me';
    const typing = isTrue(this.text('pending')) && !this.hasBody();
    return html`<div class=${`msg ${me ? 'me' : 'other'}`}>
      ${me ? '' : renderFace(author, this.child('avatar'), this.context && policyAt(this.context, [...this.path, 'avatar']), 'sm')}
      <div class="col">
        <div class="meta"><span class=${me ? 'sr-only' : 'author'}>${author}</span>${time === undefined ? '' : html`<span>${time}</span>`}</div>
        <div class="bubble">${typing ? html`<span class="typing" role="status" aria-label=${`${author} is typing`}><span></span><span></span><span></span></span>` : ''}${this.renderOthers()}</div>
      </div>
    </div>`;
  }
}
defineElement('suip-message', SuipMessage);
