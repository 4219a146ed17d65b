import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A per-process key: both sides are MACed with it, so the compare's time says nothing of either length or content. */
const KEY = randomBytes(32);

/**
 * SECURITY: compares a presented secret with the expected one in constant time. Both go through
 * HMAC-SHA256 first, so neither a length difference nor a common prefix changes the time taken
 * (a plain `===` stops at the first differing character).
 */
export function sameSecret(presented: string | undefined, expected: string | undefined): boolean {
  if (typeof presented !== 'string' || typeof expected !== 'string' || expected === '') return false;
  const a = createHmac('sha256', KEY).update(presented).digest();
  const b = createHmac('sha256', KEY).update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The bearer of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerOf(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim();
}
