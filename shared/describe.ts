/** A short, safe description of a hostile value for error text (never the whole value). Never throws. */
export function describeValue(value: unknown): string {
  try {
    return describe(value);
  } catch {
    // A Proxy or a throwing getter (only possible in-process, never from JSON) is still described.
    return 'an unreadable value';
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
    case 'object':
      return `an object with keys ${quoteList(Object.keys(value as object).slice(0, 6))}`;
    default:
      return `${typeof value} ${String(value).slice(0, 40)}`;
  }
}

/** `["a","b"]` → `"a", "b"` for messages; at most 8 items are spelled out, so hostile input cannot bloat the error. */
export function quoteList(items: readonly string[]): string {
  if (items.length === 0) return '(none)';
  const shown = items
    .slice(0, 8)
    .map((s) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s))
    .join(', ');
  return items.length > 8 ? `${shown} and ${items.length - 8} more` : shown;
}

/** A path for error text: `["list","a"]`, shortened when long. */
export function formatPath(path: readonly unknown[]): string {
  const shown = path.length > 8 ? [...path.slice(0, 4), '…', ...path.slice(-3)] : path;
  return JSON.stringify(shown.map((s) => (typeof s === 'string' && s.length > 40 ? `${s.slice(0, 40)}…` : s)));
}
