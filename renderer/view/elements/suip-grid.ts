import { css, html, unsafeCSS } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { grid } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** The column counts the definition's `columns` role takes (read from it, so the two cannot differ). */
const GRID_COLUMNS: readonly string[] = grid.roles.find((role) => role.id === 'columns')?.values ?? [];

/**
 * `grid`: equal-width cells. Without `columns`, as many as fit (at least 14rem each); with
 * `columns`, exactly that many at every width (a calendar keeps its 7 weekdays on a phone), cells
 * shrinking to fit rather than wrapping.
 */
export class SuipGrid extends SuipGroupElement {
  static override definition = grid;
  static override styles = [
    baseStyles,
    css`
      .layout { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(14rem, 100%), 1fr)); gap: var(--_space-4); align-items: start; }
      .layout.fixed { gap: var(--_space-2); }
      .layout.fixed > * { min-width: 0; overflow-wrap: anywhere; }
    `,
    // One class per allowed count, so no style attribute is ever written: the renderer's output
    // carries no inline CSS at all (the XSS audit's allowlist), only classes from this list.
    unsafeCSS(
      GRID_COLUMNS.map(
        (n) => `.layout.cols-${Number(n)} { grid-template-columns: repeat(${Number(n)}, minmax(0, 1fr)); }`,
      ).join('\n'),
    ),
  ];

  protected override render(): unknown {
    const columns = this.text('columns')?.trim();
    // Only a count the vocabulary allows names a class (the validator refused any other).
    const fixed = columns !== undefined && GRID_COLUMNS.includes(columns);
    return html`<div class="layout ${fixed ? `fixed cols-${columns}` : ''}">${this.renderOthers()}</div>`;
  }
}
defineElement('suip-grid', SuipGrid);
