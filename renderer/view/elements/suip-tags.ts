import { css, html } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { tags } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `tags`: a list of chips; text children are shown as plain text. */
export class SuipTags extends SuipGroupElement {
  static override definition = tags;
  static override styles = [
    baseStyles,
    css`
      ul { list-style: none; display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; }
      li { background: var(--_color-subtle); border: 1px solid var(--_color-border-subtle); border-radius: 999px; padding: 1px var(--_space-2); font-size: var(--_text-xs); font-weight: 500; }
    `,
  ];

  protected override render(): unknown {
    const seen = new Set<string>();
    const entries = this.entries.filter(([id]) => !seen.has(id) && (seen.add(id), true));
    return html`<ul role="list">${repeat(
      entries,
      ([id]) => id,
      ([id, child]) =>
        'text' in child ? html`<li>${child.text}</li>` : html`<li>${this.renderKeyed([[id, child]])}</li>`,
    )}</ul>`;
  }
}
defineElement('suip-tags', SuipTags);
