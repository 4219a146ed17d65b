import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { list } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** `list` → `role=list`, each child in a `listitem`. */
export class SuipList extends SuipGroupElement {
  static override definition = list;
  static override styles = [
    baseStyles,
    css`
      /* Block layout with margins, not a flex column with gap: a token in one item of a
         5,000-item list cost 9.9 ms of layout as flex, 8.6 ms as blocks (docs/benchmarks.md). */
      ul { list-style: none; margin: 0; padding: 0; }
      li { padding: var(--_space-2) 0; border-bottom: 1px solid var(--_color-border-subtle); }
      li:last-child { border-bottom: 0; margin-bottom: 0; }
    `,
  ];

  protected override render(): unknown {
    return html`<ul role="list">${this.renderAll((inner) => html`<li>${inner}</li>`)}</ul>`;
  }
}
defineElement('suip-list', SuipList);
