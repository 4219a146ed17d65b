/** The value as a JSON object's fields, or undefined for anything else (arrays, null, scalars). */
export function jsonRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
