import { html, type TemplateResult } from 'lit';
import { legendItems } from './chart-data.ts';

/** The legend under a chart (decorative swatches, readable labels). */
export function renderLegend(labels: string[]): TemplateResult {
  return html`<ul class="legend" role="list">
    ${legendItems(labels).map((item) => html`<li><span class=${`swatch ${item.cls}`} aria-hidden="true"></span>${item.label}</li>`)}
  </ul>`;
}
