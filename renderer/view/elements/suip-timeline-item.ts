import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { timelineItem } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `timeline-item`: title, date and details of one event. */
export class SuipTimelineItem extends SuipGroupElement {
  static override definition = timelineItem;
  static override styles = [
    baseStyles,
    css`.title { font-weight: 600; margin: 0; font-size: var(--_text-md); } .item { display: flex; flex-direction: column; gap: 2px; } .muted { font-size: var(--_text-sm); }`,
  ];

  protected override render(): unknown {
    const date = this.text('date');
    return html`<div class="item">
      <p class="title">${this.text('title') ?? ''}</p>${date === undefined ? '' : html`<span class="muted">${date}</span>`} ${this.renderOthers()}
    </div>`;
  }
}
defineElement('suip-timeline-item', SuipTimelineItem);
