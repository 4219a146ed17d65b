import { css } from 'lit';
import { arrayOf, cellText, field, numeric, parseJson } from './json-data.ts';

/** Labels and number series of a bar or line chart, sanitised. */
export interface SeriesData {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

/** Read `{"labels": [...], "datasets": [{"label", "data": [...]}]}`; undefined if not JSON. */
export function seriesData(text: string | undefined): SeriesData | undefined {
  const data = parseJson(text);
  if (data === undefined) return undefined;
  const labels = arrayOf(field(data, 'labels'), 200).map(cellText);
  const datasets = arrayOf(field(data, 'datasets'), 8).map((d) => ({
    label: cellText(field(d, 'label')),
    data: arrayOf(field(d, 'data'), 200).map(numeric),
  }));
  return { labels, datasets };
}

/** Read `{"slices": [{"label", "value"}]}` (negative values count as 0). */
export function sliceData(text: string | undefined): { label: string; value: number }[] | undefined {
  const data = parseJson(text);
  if (data === undefined) return undefined;
  return arrayOf(field(data, 'slices'), 24).map((s) => ({
    label: cellText(field(s, 'label')),
    value: Math.max(0, numeric(field(s, 'value'))),
  }));
}

/** Axis labels are 11 user units high; a character is about 0.6 of that wide, plus a gap. */
const LABEL_CHAR_WIDTH = 6.6;
const LABEL_GAP = 6;

/**
 * Every how many x-axis labels one is drawn, so none runs into the next: 1 when they all fit in
 * `slot` user units each, more for many or long labels. Every label still goes into the chart's
 * accessible name (`describeSeries`); only the drawing thins them.
 */
export function labelStride(labels: readonly string[], slot: number): number {
  const widest = Math.max(0, ...labels.map((label) => label.length)) * LABEL_CHAR_WIDTH + LABEL_GAP;
  return slot <= 0 ? 1 : Math.max(1, Math.ceil(widest / slot));
}

/** A text summary of a series chart for its accessible name. */
export function describeSeries(kind: string, title: string, d: SeriesData): string {
  const sets = d.datasets
    .map((s) => `${s.label || 'series'}: ${d.labels.map((l, i) => `${l} ${s.data[i] ?? 0}`).join(', ')}`)
    .join('; ');
  return `${kind}${title ? ` “${title}”` : ''}. ${sets}`.slice(0, 1000);
}

/** Chart colours: series 1–4 from theme tokens, via classes (never a colour from the sandbox). */
export const chartStyles = css`
  figure { margin: 0; display: flex; flex-direction: column; gap: 4px; }
  figcaption { font-weight: 600; font-size: var(--_text-sm); }
  svg { width: 100%; max-width: 36rem; height: auto; overflow: visible; }
  svg.pie { max-width: 12rem; }
  .s0 { fill: var(--_color-accent); stroke: var(--_color-accent); }
  .s1 { fill: var(--_color-series-2); stroke: var(--_color-series-2); }
  .s2 { fill: var(--_color-series-3); stroke: var(--_color-series-3); }
  .s3 { fill: var(--_color-series-4); stroke: var(--_color-series-4); }
  .line { fill: none; stroke-width: 2.5; }
  .axis { stroke: var(--_color-border-subtle); }
  text { fill: var(--_color-muted); font-size: 11px; }
  .legend { display: flex; flex-wrap: wrap; gap: var(--_space); list-style: none; margin: 0; padding: 0; font-size: 0.9rem; }
  .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; border-radius: 2px; }
  .swatch.s0 { background: var(--_color-accent); }
  .swatch.s1 { background: var(--_color-series-2); }
  .swatch.s2 { background: var(--_color-series-3); }
  .swatch.s3 { background: var(--_color-series-4); }
`;

/** A legend entry list. */
export function legendItems(labels: string[]): { label: string; cls: string }[] {
  return labels.map((label, i) => ({ label, cls: `s${i % 4}` }));
}
