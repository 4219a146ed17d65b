/**
 * Milliseconds since the log's first message, in at most 7 characters so the op log's time column
 * never runs into the next one: `532 ms`, `12.34 s`, `2:08.5` (minutes), `1:02:03` (hours).
 */
export function formatElapsed(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  // Thresholds sit where rounding would carry into the next unit ("1000 ms", "100.00 s").
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  if (ms < 99_995) return `${(ms / 1000).toFixed(2)} s`;
  const tenths = Math.round(ms / 100);
  if (tenths < 36_000) return `${Math.floor(tenths / 600)}:${((tenths % 600) / 10).toFixed(1).padStart(4, '0')}`;
  const seconds = Math.round(ms / 1000);
  const hh = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  return `${hh}:${mm}:${String(seconds % 60).padStart(2, '0')}`;
}
