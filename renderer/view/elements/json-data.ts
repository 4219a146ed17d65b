/** Parse JSON text from a role; undefined on any error (the element then shows a note). */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A cell or label as display text: strings and finite numbers only, everything else empty. */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** An array, or empty (hostile JSON may hold anything). */
export function arrayOf(value: unknown, max = 1000): unknown[] {
  return Array.isArray(value) ? value.slice(0, max) : [];
}

/** A finite number, or 0. */
export function numeric(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Read an own property of a JSON object (never the prototype chain). */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
