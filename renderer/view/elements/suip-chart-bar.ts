import { html, svg } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { chartStyles, describeSeries, labelStride, seriesData } from './chart-data.ts';
import { renderLegend } from './chart-legend.ts';
import { chartBar } from '../../../core/vocabulary/structure.generated.ts';

const W = 360;
const H = 180;

/** `chart-bar`: grouped bars in SVG, named by a text summary of the data. */
export class SuipChartBar extends SuipGroupElement {
  static override definition = chartBar;
  static override styles = [baseStyles, chartStyles];

  protected override render(): unknown {
    const title = this.text('title') ?? '';
    const d = seriesData(this.text('data'));
    if (!d) return html`<p class="muted" role="note">Chart data is not valid JSON.</p>`;
    const max = Math.max(1, ...d.datasets.flatMap((s) => s.data));
    const slot = W / Math.max(1, d.labels.length);
    const stride = labelStride(d.labels, slot);
    const bw = (slot * 0.8) / Math.max(1, d.datasets.length);
    return html`<figure>
      ${title ? html`<figcaption>${title}</figcaption>` : ''}
      <svg viewBox=${`-20 0 ${W + 40} ${H + 20}`} role="img" aria-label=${describeSeries('Bar chart', title, d)}>
        ${d.labels.map(
          (label, i) => svg`
          ${d.datasets.map((s, k) => {
            const h = (Math.max(0, s.data[i] ?? 0) / max) * H;
            return svg`<rect class=${`s${k % 4}`} x=${i * slot + slot * 0.1 + k * bw} y=${H - h} width=${Math.max(1, bw - 2)} height=${h}></rect>`;
          })}
          ${i % stride === 0 ? svg`<text x=${i * slot + slot / 2} y=${H + 14} text-anchor="middle">${label}</text>` : ''}`,
        )}
        <line class="axis" x1="0" y1=${H} x2=${W} y2=${H}></line>
      </svg>
      ${renderLegend(d.datasets.map((s) => s.label))}
    </figure>`;
  }
}
