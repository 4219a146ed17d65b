import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token grants: one session (and app), until `exp` (epoch ms). */
export interface TokenClaims {
  kind: 'ws' | 'session';
  sessionId: string;
  appId: string;
  exp: number;
}

const encode = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
const decode = (value: string) => Buffer.from(value, 'base64url').toString('utf8');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{43}$/;

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { kind, sessionId, appId, exp, ...rest } = value as Record<string, unknown>;
  return (
    (kind === 'ws' || kind === 'session') &&
    typeof sessionId === 'string' &&
    sessionId.length <= 128 &&
    typeof appId === 'string' &&
    appId.length <= 128 &&
    typeof exp === 'number' &&
    Number.isFinite(exp) &&
    Object.keys(rest).length === 0
  );
}

/**
 * Tokens are `<claims>.<mac>`: the claims in base64url and an HMAC-SHA256 of them with the
 * server's secret. `wsToken`s are short-lived (minted when a session is created; reusable within
 * their life for reconnects); a first subscribe with one mints a longer-lived `sessionToken`.
 */
export function mintToken(secret: string, claims: TokenClaims): string {
  const body = encode(JSON.stringify(claims));
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a valid, unexpired token of `kind`, or a reason it is refused. */
export function verifyToken(
  secret: string,
  token: string,
  kind: TokenClaims['kind'],
  now = Date.now(),
): { ok: true; claims: TokenClaims } | { ok: false; reason: string } {
  // SECURITY: parsed strictly: base64url only, one dot, bounded; Buffer.from would skip stray characters.
  if (typeof token !== 'string' || token.length > 1024 || !TOKEN_SHAPE.test(token))
    return { ok: false, reason: 'the token is malformed' };
  const dot = token.indexOf('.');
  const body = token.slice(0, dot);
  const mac = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', secret).update(body).digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    return { ok: false, reason: 'the token was not issued by this server' };
  let claims: unknown;
  try {
    claims = JSON.parse(decode(body)) as unknown;
  } catch {
    return { ok: false, reason: 'the token is malformed' };
  }
  // Strictly shaped even though the MAC matched: a token minted by an older build or with another secret's reuse never
  // passes as something else.
  if (!isClaims(claims)) return { ok: false, reason: 'the token is malformed' };
  if (claims.kind !== kind) return { ok: false, reason: `this is not a ${kind} token` };
  if (!(claims.exp > now)) return { ok: false, reason: 'the token has expired' };
  return { ok: true, claims };
}
