/** One metric family in Prometheus' text format (version 0.0.4). */
export interface MetricFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  /** Samples: a value with its labels; a histogram gives its cumulative buckets, count and sum. */
  samples: ReadonlyArray<{ labels?: Record<string, string>; value: number }>;
  histogram?: { bounds: readonly number[]; buckets: readonly number[]; count: number; sum: number };
}

const labelText = (labels: Record<string, string> | undefined): string => {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${entries.map(([name, value]) => `${name}="${escape(value)}"`).join(',')}}`;
};

/** The families as Prometheus text: `# HELP`, `# TYPE`, then one line per sample. */
export function prometheusText(families: readonly MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) lines.push(`${family.name}${labelText(sample.labels)} ${sample.value}`);
    const histogram = family.histogram;
    if (histogram !== undefined) {
      const { name } = family;
      const { bounds, buckets, count, sum } = histogram;
      bounds.forEach((bound, index) => lines.push(`${name}_bucket{le="${bound}"} ${buckets[index]}`));
      lines.push(`${name}_bucket{le="+Inf"} ${count}`, `${name}_sum ${sum}`, `${name}_count ${count}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
