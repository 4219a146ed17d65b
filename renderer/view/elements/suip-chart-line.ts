import { html, svg } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { chartStyles, describeSeries, labelStride, seriesData } from './chart-data.ts';
import { renderLegend } from './chart-legend.ts';
import { chartLine } from '../../../core/vocabulary/structure.generated.ts';

const W = 360;
const H = 180;

/** `chart-line`: one polyline per dataset in SVG, named by a text summary of the data. */
export class SuipChartLine extends SuipGroupElement {
  static override definition = chartLine;
  static override styles = [baseStyles, chartStyles];

  protected override render(): unknown {
    const title = this.text('title') ?? '';
    const d = seriesData(this.text('data'));
    if (!d) return html`<p class="muted" role="note">Chart data is not valid JSON.</p>`;
    const values = d.datasets.flatMap((s) => s.data);
    const max = Math.max(1, ...values);
    const min = Math.min(0, ...values);
    const step = W / Math.max(1, d.labels.length - 1);
    const stride = labelStride(d.labels, step);
    const y = (v: number) => H - ((v - min) / (max - min || 1)) * H;
    return html`<figure>
      ${title ? html`<figcaption>${title}</figcaption>` : ''}
      <svg viewBox=${`-20 0 ${W + 40} ${H + 20}`} role="img" aria-label=${describeSeries('Line chart', title, d)}>
        <line class="axis" x1="0" y1=${H} x2=${W} y2=${H}></line>
        ${d.datasets.map((s, k) => svg`<polyline class=${`line s${k % 4}`} points=${d.labels.map((_, i) => `${(i * step).toFixed(1)},${y(s.data[i] ?? 0).toFixed(1)}`).join(' ')}></polyline>`)}
        ${d.labels.map((label, i) => (i % stride === 0 ? svg`<text x=${i * step} y=${H + 14} text-anchor="middle">${label}</text>` : ''))}
      </svg>
      ${renderLegend(d.datasets.map((s) => s.label))}
    </figure>`;
  }
}
