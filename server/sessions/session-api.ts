import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mintToken } from '../auth/tokens.ts';
import { readJson, sendJson } from '../http/http-io.ts';
import type { Route } from '../http/route.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { checkPublish, type Publish } from './publish.ts';
import { appendData, appendProps, appendRender, eventsOf } from './streams.ts';

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
  const authorized = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.headers.authorization === `Bearer ${options.agentToken}`) return true;
    sendJson(response, 401, { error: 'the agent API needs Authorization: Bearer <agent token>' });
    return false;
  };

  /** One checked envelope into the session's streams; a render or props lands with its event in one transaction. */
  function publish(sessionId: string, item: Publish): Promise<number> {
    if (item.kind === 'render') return appendRender(ledger, sessionId, item.body);
    if (item.kind === 'props') return appendProps(ledger, sessionId, item.body);
    return appendData(ledger, sessionId, item.body);
  }

  async function drain(sessionId: string, through: number): Promise<{ drained: number; sequence: number }> {
    const events = eventsOf(sessionId);
    const heads = await ledger.heads(events);
    const from = heads.drained === undefined ? 0 : (JSON.parse(heads.drained.payload) as { sequence: number }).sequence;
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
    await ledger.append(events, 'drain', JSON.stringify({ sequence: cursor, actions }), 'drained');
    await ledger.append(sessionId, 'drain_ack', JSON.stringify({ sequence: cursor, actions }));
    return { drained: actions.length, sequence: cursor };
  }

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
        if (sessionId === undefined || !['render', 'props', 'data', 'drain', 'token'].includes(what ?? '')) return sendJson(response, 404, { error: 'POST /api/sessions/<id>/render | props | data | drain | token' });
        if ((await ledger.last(sessionId).catch(() => 0)) === 0) return sendJson(response, 404, { error: `no session ${JSON.stringify(sessionId)}` });
        const body = await readJson(request, options.maxBodyBytes);
        if (!body.ok) return sendJson(response, body.status, { error: body.error });
        if (what === 'token') {
          // A fresh wsToken for another page of the same session (tokens are short-lived).
          const appId = typeof (body.value as { appId?: unknown } | null)?.appId === 'string' ? String((body.value as { appId: string }).appId).slice(0, 128) : 'default';
          return sendJson(response, 200, { wsToken: mintToken(options.secret, { kind: 'ws', sessionId, appId, exp: Date.now() + options.wsTokenTtlMs }) });
        }
        if (what === 'drain') {
          const through = Number((body.value as { through?: unknown } | null)?.through);
          if (!Number.isInteger(through) || through < 0) return sendJson(response, 400, { error: 'drain needs {through: <event sequence>}: the actions up to it are consumed' });
          return sendJson(response, 200, await drain(sessionId, through));
        }
        const items = what === 'data' && Array.isArray(body.value) ? body.value : [body.value];
        if (items.length === 0 || items.length > MAX_BATCH) return sendJson(response, 400, { error: `a batch holds 1 to ${MAX_BATCH} envelopes` });
        const checked: Publish[] = [];
        for (const [index, item] of items.entries()) {
          const result = checkPublish(what as 'render' | 'props' | 'data', item);
          if (!result.ok) return sendJson(response, 400, { error: items.length > 1 ? `envelope ${index}: ${result.error}` : result.error });
          checked.push(result.value);
        }
        const seqs: number[] = [];
        for (const item of checked) seqs.push(await publish(sessionId, item));
        sendJson(response, 200, items.length === 1 && !Array.isArray(body.value) ? { seq: seqs[0] } : { seqs });
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
        const read = await ledger.read(eventsOf(sessionId), since, 1000);
        const events = read.entries.filter((entry) => what === 'events' || entry.kind === 'action').map((entry) => ({ sequence: entry.seq, at: entry.at, kind: entry.kind, payload: JSON.parse(entry.payload) as unknown }));
        sendJson(response, 200, { [what]: events, next: read.entries.at(-1)?.seq ?? since, last: await ledger.last(eventsOf(sessionId)), truncated: read.truncated });
      },
    },
  ];
}
