import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';

/** `timeline-item`: title, date and details of one event. */
export class SuipTimelineItem extends SuipGroupElement {
  static override styles = [baseStyles, css`.title { font-weight: 600; margin: 0; font-size: 1rem; } .item { display: flex; flex-direction: column; gap: 2px; }`];
  static override roles = ['title', 'date'];

  protected override render(): unknown {
    const date = this.text('date');
    return html`<div class="item">
      <p class="title">${this.text('title') ?? ''}</p>${date === undefined ? '' : html`<span class="muted">${date}</span>`} ${this.renderOthers()}
    </div>`;
  }
}
customElements.define('suip-timeline-item', SuipTimelineItem);
