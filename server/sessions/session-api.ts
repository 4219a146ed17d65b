import { randomUUID } from 'node:crypto';
import { mintToken } from '../auth/tokens.ts';
import { HttpError, sendJson } from '../http/http-error.ts';
import type { Route } from '../http/route.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { checkPublish, type Publish } from './publish.ts';
import { requireLive } from './revocation.ts';
import {
  HEAD_DRAINED,
  appendCreated,
  appendData,
  appendDrain,
  appendEnded,
  appendProps,
  appendRender,
  eventsOf,
} from './streams.ts';

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

/** Frames one `POST …/data` may carry (an array body). */
const MAX_BATCH = 1000;

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

  /** One checked envelope into the session's streams; a render or props lands with its event in one transaction. */
  function publish(sessionId: string, item: Publish): Promise<number> {
    if (item.kind === 'render') return appendRender(ledger, sessionId, item.body);
    if (item.kind === 'props') return appendProps(ledger, sessionId, item.body);
    return appendData(ledger, sessionId, item.body);
  }

  async function drain(sessionId: string, through: number): Promise<{ drained: number; sequence: number }> {
    const events = eventsOf(sessionId);
    const heads = await ledger.heads(events);
    const drained = heads[HEAD_DRAINED];
    const from = drained === undefined ? 0 : (JSON.parse(drained.payload) as { sequence: number }).sequence;
    const actions: Array<{ clientId: string; clientSeq: number }> = [];
    let cursor = from;
    while (cursor < through) {
      const { entries } = await ledger.read(events, cursor, 1000);
      if (entries.length === 0) break;
      for (const entry of entries) {
        if (entry.seq > through) break;
        cursor = entry.seq;
        if (entry.kind !== 'action') continue;
        const action = JSON.parse(entry.payload) as { clientId: string; clientSeq: number };
        actions.push({ clientId: action.clientId, clientSeq: action.clientSeq });
      }
      if (entries.at(-1)!.seq >= through) break;
    }
    if (actions.length === 0) return { drained: 0, sequence: from };
    // The drain is an event (agents see it) and a frame (pages clear their pending marks).
    await appendDrain(ledger, sessionId, { sequence: cursor, actions });
    return { drained: actions.length, sequence: cursor };
  }

  const bodyLimit = { kind: 'json' as const, maxBytes: options.maxBodyBytes };
  return [
    {
      method: 'POST',
      path: '/api/sessions',
      auth: 'agent',
      body: bodyLimit,
      async handle(_request, response, _url, { body }) {
        const appId = appIdOf(body);
        const sessionId = `ses_${randomUUID().replaceAll('-', '')}`;
        await appendCreated(ledger, sessionId, appId);
        const wsToken = mintToken(options.secret, {
          kind: 'ws',
          sessionId,
          appId,
          exp: Date.now() + options.wsTokenTtlMs,
        });
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
        if (
          sessionId === undefined ||
          extra !== undefined ||
          !['render', 'props', 'data', 'drain', 'token'].includes(what ?? '')
        )
          throw new HttpError(404, 'NOT_FOUND', 'POST /api/sessions/<id>/render | props | data | drain | token');
        await liveSession(sessionId);
        if (what === 'token') {
          // A fresh wsToken for another page of the same session (tokens are short-lived).
          return sendJson(response, 200, {
            wsToken: mintToken(options.secret, {
              kind: 'ws',
              sessionId,
              appId: appIdOf(body),
              exp: Date.now() + options.wsTokenTtlMs,
            }),
          });
        }
        if (what === 'drain') {
          const through = Number((body as { through?: unknown } | null)?.through);
          if (!Number.isInteger(through) || through < 0)
            throw new HttpError(
              400,
              'BAD_REQUEST',
              'drain needs {through: <event sequence>}: the actions up to it are consumed',
            );
          return sendJson(response, 200, await drain(sessionId, through));
        }
        const items = what === 'data' && Array.isArray(body) ? body : [body];
        if (items.length === 0 || items.length > MAX_BATCH)
          throw new HttpError(400, 'BAD_REQUEST', `a batch holds 1 to ${MAX_BATCH} envelopes`);
        const checked: Publish[] = [];
        for (const [index, item] of items.entries()) {
          const result = checkPublish(what as 'render' | 'props' | 'data', item);
          if (!result.ok)
            throw new HttpError(
              400,
              'BAD_REQUEST',
              items.length > 1 ? `envelope ${index}: ${result.error}` : result.error,
            );
          checked.push(result.value);
        }
        const seqs: number[] = [];
        for (const item of checked) seqs.push(await publish(sessionId, item));
        sendJson(response, 200, items.length === 1 && !Array.isArray(body) ? { seq: seqs[0] } : { seqs });
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
        if ((await ledger.last(sessionId)) === 0)
          throw new HttpError(404, 'SESSION_NOT_FOUND', `no session ${JSON.stringify(sessionId)}`);
        const last = await ledger.last(eventsOf(sessionId));
        const read = await ledger.read(eventsOf(sessionId), Math.min(since, last), 1000);
        const events = read.entries
          .filter((entry) => what === 'events' || entry.kind === 'action')
          .map((entry) => ({
            sequence: entry.seq,
            at: entry.at,
            kind: entry.kind,
            payload: JSON.parse(entry.payload) as unknown,
          }));
        // A cursor ahead of the ledger is said, not answered with silence: `ahead` and `next` back at the ledger's end.
        sendJson(response, 200, {
          [what]: events,
          next: read.entries.at(-1)?.seq ?? Math.min(since, last),
          last,
          truncated: read.truncated,
          ...(since > last ? { ahead: true } : {}),
        });
      },
    },
  ];
}
