import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mintToken } from '../auth/tokens.ts';
import { readJson, sendJson } from '../http/http-io.ts';
import type { Route } from '../http/route.ts';
import type { Ledger } from '../ledger/ledger.ts';

/** What the agent API needs. */
export interface SessionApiOptions {
  ledger: Ledger;
  secret: string;
  /** The bearer token agents present. */
  agentToken: string;
  /** wsToken lifetime (ms). */
  wsTokenTtlMs: number;
  maxBodyBytes: number;
}

/** The ledger session that holds a session's actions (its frames are in the session's own). */
export const actionsOf = (sessionId: string) => `${sessionId}.actions`;

const FRAME_KINDS = new Map([['render', 'render'], ['props', 'props_update'], ['data', 'data']]);

/**
 * The agent side of the live channel, over HTTP with a bearer token: create a session (→
 * `sessionId`, `wsToken` for the browser), commit a render, update props, publish data, read the
 * actions users sent (`since` a cursor) and the session's events. Every body is bounded before it
 * is parsed and checked before it is recorded.
 */
export function sessionRoutes(options: SessionApiOptions): Route[] {
  const { ledger } = options;
  const authorized = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.headers.authorization === `Bearer ${options.agentToken}`) return true;
    sendJson(response, 401, { error: 'the agent API needs Authorization: Bearer <agent token>' });
    return false;
  };
  return [
    {
      method: 'POST',
      path: '/api/sessions',
      async handle(request, response) {
        if (!authorized(request, response)) return;
        const body = await readJson(request, options.maxBodyBytes);
        const appId = body.ok && typeof (body.value as { appId?: unknown })?.appId === 'string' ? String((body.value as { appId: string }).appId).slice(0, 128) : 'default';
        const sessionId = `ses_${randomUUID().replaceAll('-', '')}`;
        await ledger.append(sessionId, 'created', JSON.stringify({ appId }));
        const wsToken = mintToken(options.secret, { kind: 'ws', sessionId, appId, exp: Date.now() + options.wsTokenTtlMs });
        sendJson(response, 201, { sessionId, appId, wsToken });
      },
    },
    {
      method: 'POST',
      path: '/api/sessions/*',
      async handle(request, response, url) {
        if (!authorized(request, response)) return;
        const [, , , sessionId, what] = url.pathname.split('/');
        const kind = FRAME_KINDS.get(what ?? '');
        if (sessionId === undefined || kind === undefined) return sendJson(response, 404, { error: 'POST /api/sessions/<id>/render | props | data' });
        if ((await ledger.last(sessionId).catch(() => 0)) === 0) return sendJson(response, 404, { error: `no session ${JSON.stringify(sessionId)}` });
        const body = await readJson(request, options.maxBodyBytes);
        if (!body.ok) return sendJson(response, body.status, { error: body.error });
        const value = body.value as Record<string, unknown> | null;
        if (typeof value !== 'object' || value === null) return sendJson(response, 400, { error: 'the body must be a JSON object' });
        if (kind === 'render' && (typeof value.session !== 'object' || value.session === null)) return sendJson(response, 400, { error: 'render needs {session: {componentCode, propsSpec?, actionSpec?, …}}' });
        if (kind === 'props_update' && !('props' in value)) return sendJson(response, 400, { error: 'props needs {props}' });
        if (kind === 'data' && (typeof value.channel !== 'string' || (value.mode !== 'append' && value.mode !== 'replace'))) return sendJson(response, 400, { error: 'data needs {channel, mode: "append" | "replace", payload}' });
        const seq = await ledger.append(sessionId, kind, JSON.stringify(value));
        sendJson(response, 200, { seq });
      },
    },
    {
      method: 'GET',
      path: '/api/sessions/*',
      async handle(request, response, url) {
        if (!authorized(request, response)) return;
        const [, , , sessionId, what] = url.pathname.split('/');
        const since = Math.max(0, Number(url.searchParams.get('since') ?? 0) || 0);
        if (sessionId === undefined || (what !== 'actions' && what !== 'events')) return sendJson(response, 404, { error: 'GET /api/sessions/<id>/actions | events?since=N' });
        const read = await ledger.read(what === 'actions' ? actionsOf(sessionId) : sessionId, since, 1000);
        sendJson(response, 200, { [what]: read.entries.map((entry) => ({ sequence: entry.seq, at: entry.at, kind: entry.kind, payload: JSON.parse(entry.payload) as unknown })), truncated: read.truncated });
      },
    },
  ];
}
