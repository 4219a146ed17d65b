import type { IncomingMessage } from 'node:http';
import { BRIDGE_PATH } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import { mintToken, verifyToken } from '../auth/tokens.ts';
import { HttpError } from '../http/http-error.ts';
import { sendJson } from '../http/http-io.ts';
import type { Route } from '../http/route.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { endedMessage, isEnded } from '../sessions/revocation.ts';

/** The token subject of the bridge (tokens are `server/auth` tokens bound to it). */
export const BRIDGE_SUBJECT = 'runtime-bridge';
/** The `appId` of a bridge token that may also restart the runtime. */
const RESTART_APP = 'runtime-ui+restart';

/** The upgrade's check: a bridge token in `?token=` (Host and Origin are the endpoint's guard). */
export function authorizeBridge(
  secret: string,
): (request: IncomingMessage, url: URL) => { ok: true } | { ok: false; status: 401 | 403; reason: string } {
  return (_request, url) => {
    const check = verifyToken(secret, url.searchParams.get('token') ?? '', 'ws');
    // SECURITY: unauthenticated use: a bridge token (Host and Origin are the endpoint's guard).
    if (!check.ok)
      return {
        ok: false,
        status: 401,
        reason: `the runtime bridge needs ?token=<bridge token> (POST /api/runtime/token): ${check.reason}`,
      };
    if (check.claims.sessionId !== BRIDGE_SUBJECT)
      return { ok: false, status: 403, reason: 'this token is not a runtime bridge token' };
    return { ok: true };
  };
}

/** Whether the upgrade's (already authorized) bridge token carries the restart capability. */
export function mayRestart(secret: string, url: URL): boolean {
  const check = verifyToken(secret, url.searchParams.get('token') ?? '', 'ws');
  return check.ok && check.claims.appId === RESTART_APP;
}

/** What the token route needs. */
export interface BridgeTokenRouteOptions {
  secret: string;
  /** The ledger and the bridge's stream in it: an ended session mints no more tokens. */
  ledger: Ledger;
  stream: string;
  /** How long a minted token is good for (default 12 h). */
  tokenTtlMs?: number;
}

/** `POST /api/runtime/token` (agent token): a bridge token; `{"restart": true}` adds the restart capability. */
export function bridgeTokenRoute(options: BridgeTokenRouteOptions): Route {
  return {
    method: 'POST',
    path: '/api/runtime/token',
    auth: 'agent',
    body: { kind: 'text', maxBytes: 1024 },
    async handle(_request, response, _url, context) {
      const body = typeof context.body === 'string' ? context.body : '';
      let restart = false;
      try {
        restart = body.trim() !== '' && (JSON.parse(body) as { restart?: unknown }).restart === true;
      } catch {
        return sendJson(response, 400, { error: 'the body is empty or JSON {"restart": true}' });
      }
      if (isEnded(await options.ledger.heads(options.stream)))
        throw new HttpError(410, 'SESSION_ENDED', endedMessage(options.stream));
      const token = mintToken(options.secret, {
        kind: 'ws',
        sessionId: BRIDGE_SUBJECT,
        appId: restart ? RESTART_APP : 'runtime-ui',
        exp: Date.now() + (options.tokenTtlMs ?? 12 * 3600_000),
      });
      sendJson(response, 200, { token, path: BRIDGE_PATH, canRestart: restart });
    },
  };
}
