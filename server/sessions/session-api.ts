import { randomUUID } from 'node:crypto';
import { mintToken } from '../auth/tokens.ts';
import { HttpError, sendJson } from '../http/http-error.ts';
import type { Route } from '../http/route.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { drainActions } from './drain-actions.ts';
import { publishEnvelopes } from './publish-envelopes.ts';
import { readSessionEvents } from './read-session-events.ts';
import { requireLive } from './revocation.ts';
import { appendCreated, appendEnded } from './streams.ts';

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

/**
 * The agent side of the live channel, over HTTP with a bearer token: create a session (→
 * `sessionId`, `wsToken` for the browser), commit a render, update props, publish data (one
 * envelope or an ordered batch), read the event ledger (`events?since=`) and the actions users sent
 * (`actions?since=`), and drain consumed actions (→ `drain_ack` to the pages). Every body is
 * bounded before it is parsed and checked before anything is recorded.
 */
export function sessionRoutes(options: SessionApiOptions): Route[] {
  const { ledger } = options;
  const appIdOf = (body: unknown) =>
    typeof (body as { appId?: unknown } | null)?.appId === 'string'
      ? String((body as { appId: string }).appId).slice(0, 128)
      : 'default';
  /** The session a route names: it must exist and not have been ended. */
  const liveSession = (sessionId: string): Promise<void> => requireLive(ledger, sessionId);

  /** A fresh page token of `sessionId` for the app a body names. */
  const wsTokenFor = (sessionId: string, body: unknown): { appId: string; wsToken: string } => {
    const appId = appIdOf(body);
    const exp = Date.now() + options.wsTokenTtlMs;
    return { appId, wsToken: mintToken(options.secret, { kind: 'ws', sessionId, appId, exp }) };
  };
  /** One handler per `POST /api/sessions/<id>/<what>`, each answering its JSON. */
  const actions: Record<string, (sessionId: string, body: unknown) => Promise<unknown>> = {
    // A fresh wsToken for another page of the same session (tokens are short-lived).
    token: async (sessionId, body) => ({ wsToken: wsTokenFor(sessionId, body).wsToken }),
    drain: async (sessionId, body) => {
      const through = Number((body as { through?: unknown } | null)?.through);
      if (!Number.isInteger(through) || through < 0)
        throw new HttpError(
          400,
          'BAD_REQUEST',
          'drain needs {through: <event sequence>}: the actions up to it are consumed',
        );
      return drainActions(ledger, sessionId, through);
    },
    render: (sessionId, body) => publishEnvelopes(ledger, sessionId, 'render', body),
    props: (sessionId, body) => publishEnvelopes(ledger, sessionId, 'props', body),
    data: (sessionId, body) => publishEnvelopes(ledger, sessionId, 'data', body),
  };

  const bodyLimit = { kind: 'json' as const, maxBytes: options.maxBodyBytes };
  return [
    {
      method: 'POST',
      path: '/api/sessions',
      auth: 'agent',
      body: bodyLimit,
      async handle(_request, response, _url, { body }) {
        const sessionId = `ses_${randomUUID().replaceAll('-', '')}`;
        const { appId, wsToken } = wsTokenFor(sessionId, body);
        await appendCreated(ledger, sessionId, appId);
        sendJson(response, 201, { sessionId, appId, wsToken });
      },
    },
    {
      method: 'POST',
      path: '/api/sessions/*',
      auth: 'agent',
      body: bodyLimit,
      async handle(_request, response, _url, { segments, body }) {
        const [sessionId, what, extra] = segments;
        const action = what === undefined || !Object.hasOwn(actions, what) ? undefined : actions[what];
        if (sessionId === undefined || extra !== undefined || action === undefined)
          throw new HttpError(404, 'NOT_FOUND', 'POST /api/sessions/<id>/render | props | data | drain | token');
        await liveSession(sessionId);
        sendJson(response, 200, await action(sessionId, body));
      },
    },
    {
      method: 'DELETE',
      path: '/api/sessions/*',
      auth: 'agent',
      async handle(_request, response, _url, { segments }) {
        const [sessionId, extra] = segments;
        if (sessionId === undefined || extra !== undefined)
          throw new HttpError(404, 'NOT_FOUND', 'DELETE /api/sessions/<id>');
        await liveSession(sessionId);
        // SECURITY: ending a session ends its tokens: the head refuses new subscribes, the entry closes open sockets.
        const seq = await appendEnded(ledger, sessionId);
        sendJson(response, 200, { ended: sessionId, seq });
      },
    },
    {
      method: 'GET',
      path: '/api/sessions/*',
      auth: 'agent',
      async handle(_request, response, url, { segments }) {
        const [sessionId, what, extra] = segments;
        if (sessionId === undefined || extra !== undefined || (what !== 'actions' && what !== 'events'))
          throw new HttpError(404, 'NOT_FOUND', 'GET /api/sessions/<id>/actions | events?since=N');
        const since = Math.max(0, Number(url.searchParams.get('since') ?? 0) || 0);
        sendJson(response, 200, await readSessionEvents(ledger, sessionId, what, since));
      },
    },
  ];
}
