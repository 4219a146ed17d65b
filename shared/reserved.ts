/**
 * SECURITY: strings that must never become object keys anywhere (prototype pollution). They are
 * refused as particle ids and handler ids even though the renderer only ever uses them as `Map`
 * keys, because generated code, payload builders and host code downstream may not be as careful.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True when `key` is one of the reserved prototype keys. */
export function isReservedKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}
