import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { arrayOf, cellText, field, parseJson } from './json-data.ts';
import { table } from '../../../core/vocabulary/structure.generated.ts';

/**
 * `table` (render-only, in the deferred chunk): a real `<table>` with column headers, cells as plain text,
 * scrollable when wide.
 */
export class SuipTable extends SuipGroupElement {
  static override definition = table;
  static override styles = [
    baseStyles,
    css`
      .scroll { overflow-x: auto; border: 1px solid var(--_color-border-subtle); border-radius: var(--_radius); background: var(--_color-surface); }
      table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
      caption { text-align: start; font-weight: 600; padding: var(--_space-3) var(--_space-3) var(--_space-2); }
      th, td { text-align: start; padding: var(--_space-2) var(--_space-3); border-bottom: 1px solid var(--_color-border-subtle); }
      th { background: var(--_color-subtle); color: var(--_color-muted); font-size: var(--_text-sm); font-weight: 600; }
      tbody tr:last-child td { border-bottom: 0; }
      tbody tr:hover td { background: color-mix(in srgb, var(--_color-subtle) 60%, transparent); }
    `,
  ];

  protected override render(): unknown {
    const data = parseJson(this.text('data'));
    const headers = arrayOf(field(data, 'headers'), 100);
    const rows = arrayOf(field(data, 'rows'), 5000);
    const caption = this.text('caption');
    if (data === undefined) return html`<p class="muted" role="note">Table data is not valid JSON.</p>`;
    return html`<div class="scroll" tabindex="0" role="region" aria-label=${caption ?? 'Table'}><table>
      ${caption === undefined ? '' : html`<caption>${caption}</caption>`}
      ${headers.length === 0 ? '' : html`<thead><tr>${headers.map((h) => html`<th scope="col">${cellText(h)}</th>`)}</tr></thead>`}
      <tbody>${rows.map((row) => html`<tr>${arrayOf(row, 100).map((c) => html`<td>${cellText(c)}</td>`)}</tr>`)}</tbody>
    </table></div>`;
  }
}
