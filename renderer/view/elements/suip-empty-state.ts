import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { emptyState } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';
import { iconSvg } from './icons.ts';

/** `empty-state`: a centred icon in a soft circle, a title, one line of help and the actions. */
export class SuipEmptyState extends SuipGroupElement {
  static override definition = emptyState;
  static override styles = [
    baseStyles,
    css`
      .empty { display: flex; flex-direction: column; align-items: center; text-align: center; gap: var(--_space-2); padding: var(--_space-6) var(--_space-4); border: 1px dashed var(--_color-border-subtle); border-radius: var(--_radius); }
      .icon { display: grid; place-items: center; width: 3rem; height: 3rem; border-radius: 50%; background: var(--_color-subtle); color: var(--_color-muted); margin-bottom: var(--_space-1); }
      h2 { font-size: var(--_text-md); font-weight: 600; margin: 0; }
      /* Its own paragraph only: a text leaf's paragraph in its actions sits in this scope (light-root.ts). */
      .empty > p { margin: 0; font-size: var(--_text-sm); max-width: 40ch; }
      .actions { display: flex; gap: var(--_space-2); margin-top: var(--_space-2); }
      .actions:empty { display: none; }
    `,
  ];

  protected override render(): unknown {
    const description = this.text('description');
    const drawing = iconSvg((this.text('icon') ?? '').trim(), '1.5em') ?? iconSvg('inbox', '1.5em');
    return html`<div class="empty" role="group" aria-labelledby="title">
      <span class="icon">${drawing}</span>
      <h2 id="title">${this.text('title') ?? ''}</h2>
      ${description === undefined ? '' : html`<p class="muted">${description}</p>`}
      <div class="actions">${this.renderOthers()}</div>
    </div>`;
  }
}
defineElement('suip-empty-state', SuipEmptyState);
