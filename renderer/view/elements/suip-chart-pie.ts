import { html, svg } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { chartStyles, sliceData } from './chart-data.ts';
import { renderLegend } from './chart-legend.ts';
import { chartPie } from '../../../core/vocabulary/structure.generated.ts';

/** `chart-pie`: SVG slices with a legend giving each share in percent. */
export class SuipChartPie extends SuipGroupElement {
  static override definition = chartPie;
  static override styles = [baseStyles, chartStyles];

  protected override render(): unknown {
    const title = this.text('title') ?? '';
    const slices = sliceData(this.text('data'));
    if (!slices) return html`<p class="muted" role="note">Chart data is not valid JSON.</p>`;
    const total = slices.reduce((sum, s) => sum + s.value, 0) || 1;
    const pct = (v: number) => `${Math.round((v / total) * 100)} %`;
    let angle = -Math.PI / 2;
    const paths = slices.map((s, i) => {
      const a = (s.value / total) * Math.PI * 2;
      const [x1, y1, x2, y2] = [Math.cos(angle), Math.sin(angle), Math.cos(angle + a), Math.sin(angle + a)].map((n) =>
        (n * 80).toFixed(2),
      );
      angle += a;
      const d =
        a >= Math.PI * 2 - 1e-9
          ? 'M 0 -80 A 80 80 0 1 1 -0.01 -80 Z'
          : `M 0 0 L ${x1} ${y1} A 80 80 0 ${a > Math.PI ? 1 : 0} 1 ${x2} ${y2} Z`;
      return svg`<path class=${`s${i % 4}`} d=${d}></path>`;
    });
    const summary =
      `Pie chart${title ? ` “${title}”` : ''}. ${slices.map((s) => `${s.label} ${pct(s.value)}`).join(', ')}`.slice(
        0,
        1000,
      );
    return html`<figure>
      ${title ? html`<figcaption>${title}</figcaption>` : ''}
      <svg viewBox="-90 -90 180 180" class="pie" role="img" aria-label=${summary}>${paths}</svg>
      ${renderLegend(slices.map((s) => `${s.label} (${pct(s.value)})`))}
    </figure>`;
  }
}
