import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { timeline } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `timeline` → an ordered list with a rail. */
export class SuipTimeline extends SuipGroupElement {
  static override definition = timeline;
  static override styles = [
    baseStyles,
    css`
      ol { list-style: none; margin: 0 0 0 5px; padding: 0 0 0 var(--_space-4); border-left: 2px solid var(--_color-border-subtle); display: flex; flex-direction: column; gap: var(--_space-4); }
      li { position: relative; }
      li::before { content: ''; position: absolute; left: calc(-1 * var(--_space-4) - 7px); top: 5px; width: 8px; height: 8px; border-radius: 50%; background: var(--_color-surface); border: 2px solid var(--_color-accent); }
    `,
  ];

  protected override render(): unknown {
    return html`<ol role="list">${this.renderAll((inner) => html`<li>${inner}</li>`)}</ol>`;
  }
}
defineElement('suip-timeline', SuipTimeline);
