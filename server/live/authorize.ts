import type { IncomingMessage } from 'node:http';
import type { SubscribeFrame } from '../../shared/neighbours/live/frames.ts';
import { mintToken, verifyToken } from '../auth/tokens.ts';
import { bearerOf, sameSecret } from '../http/secret-compare.ts';

/** What authorizing a subscribe needs. */
export interface AuthorizeOptions {
  secret: string;
  agentToken?: string;
  sessionTokenTtlMs: number;
}

/**
 * The credentials an upgrade carried, read once from its `Authorization` header and URL: a
 * connection keeps these two strings for its subscribe, not the request or its `URL` (issue 43:
 * memory per subscriber; a `URL` and its search params cost about 200 bytes a socket).
 */
export interface UpgradeCredentials {
  /** `Authorization: Bearer <t>`, else `?token=<t>`. */
  bearer?: string;
  /** `?wsToken=<t>`. */
  wsToken?: string;
}

const NO_CREDENTIALS: UpgradeCredentials = Object.freeze({});

/** What an upgrade request carries as credentials. */
export function upgradeCredentials(url: URL, request: Pick<IncomingMessage, 'headers'>): UpgradeCredentials {
  const bearer = bearerOf(request.headers.authorization) ?? url.searchParams.get('token') ?? undefined;
  const wsToken = url.searchParams.get('wsToken') ?? undefined;
  // A page sends its token in the subscribe frame: most sockets share this one empty object.
  if (bearer === undefined && wsToken === undefined) return NO_CREDENTIALS;
  return { ...(bearer !== undefined ? { bearer } : {}), ...(wsToken !== undefined ? { wsToken } : {}) };
}

/** A subscribe's authorization: refused with a reason, or allowed with the credentials to hand out. */
export type SubscribeAuth = { ok: false; reason: string } | { ok: true; sessionToken?: string; refreshed?: string };

/**
 * SECURITY: who may bind a socket to a session. A user presents the session's `wsToken` (in the
 * frame or on the URL, as the seed threads it twice) or a `sessionToken` as bearer
 * (`Authorization: Bearer` or `?token=`); both are HMACs bound to the session and app, with an
 * expiry. An agent (`role: "agent"`) presents the agent token as bearer. A wsToken-authed
 * subscribe mints the session token (ack); a bearer-authed one gets a fresh one (`system`
 * credentials) only once half of its life has passed, so a page that stays open never runs out
 * and a reconnect loop does not mint a token per attempt. Ending the session (the agent's
 * `DELETE /api/sessions/<id>`) ends every token of it: `connection.ts` refuses the subscribe.
 */
export function authorizeSubscribe(
  options: AuthorizeOptions,
  frame: SubscribeFrame,
  upgrade: UpgradeCredentials,
): SubscribeAuth {
  const { sessionId, appId, role } = frame.payload;
  const { bearer } = upgrade;
  if (role === 'agent') {
    if (!sameSecret(bearer, options.agentToken))
      return { ok: false, reason: 'an agent subscribe needs the agent token as bearer' };
    return { ok: true };
  }
  const wsToken = frame.payload.wsToken ?? upgrade.wsToken;
  const check =
    wsToken !== undefined
      ? verifyToken(options.secret, wsToken, 'ws')
      : bearer !== undefined
        ? verifyToken(options.secret, bearer, 'session')
        : { ok: false as const, reason: 'no wsToken and no session token' };
  if (!check.ok) return check;
  if (check.claims.sessionId !== sessionId) return { ok: false, reason: 'the token is for another session' };
  if (appId !== undefined && appId !== check.claims.appId)
    return { ok: false, reason: `the session belongs to another app than ${JSON.stringify(appId.slice(0, 64))}` };
  const mint = () =>
    mintToken(options.secret, {
      kind: 'session',
      sessionId,
      appId: check.claims.appId,
      exp: Date.now() + options.sessionTokenTtlMs,
    });
  if (wsToken !== undefined) return { ok: true, sessionToken: mint() };
  return check.claims.exp - Date.now() < options.sessionTokenTtlMs / 2 ? { ok: true, refreshed: mint() } : { ok: true };
}

/**
 * Whether a live-channel upgrade carries a credential this server issued (the agent token, a
 * wsToken or a session token on the URL or as bearer), before any frame: the socket then counts as
 * authenticated from its first moment (`server/http/socket-budgets.ts`), so a flood of sockets
 * with no token can never close it to make room. The client of `adapters/live/live-client.ts`
 * always sends its credential this way. Which session it may bind to is still decided by
 * `authorizeSubscribe`; a credentialed socket that never subscribes meets the handshake deadline.
 */
export function upgradeCredentialed(
  options: Pick<AuthorizeOptions, 'secret' | 'agentToken'>,
  { bearer, wsToken }: UpgradeCredentials,
): boolean {
  if (bearer !== undefined && sameSecret(bearer, options.agentToken)) return true;
  if (wsToken !== undefined && verifyToken(options.secret, wsToken, 'ws').ok) return true;
  return bearer !== undefined && verifyToken(options.secret, bearer, 'session').ok;
}
