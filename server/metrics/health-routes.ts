import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/http-error.ts';
import type { Route } from '../http/route.ts';
import type { SocketBudgets } from '../http/socket-budgets.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { prometheusText, type MetricFamily } from './prometheus.ts';
import type { RefusalCounter } from './refusal-counter.ts';

/** What the health routes read. */
export interface HealthSources {
  ledger: Ledger;
  /** `sqlite` or `redis`, as `/healthz` has always said. */
  ledgerKind: string;
  budgets: SocketBudgets;
  refusals: RefusalCounter;
  /** How long one `/readyz` verdict is answered before it is worked out again (default 1,000 ms). */
  readyCacheMs?: number;
  /** The clock the cache reads (tests pass their own). */
  now?: () => number;
}

/** How long a `/readyz` verdict stands by default: a probe every few seconds still sees each change. */
const READY_CACHE_MS = 1000;

/** Why the server should not be sent traffic now, or an empty list. */
export function notReady(sources: HealthSources): string[] {
  const reasons: string[] = [];
  const health = sources.ledger.health?.();
  if (health !== undefined && !health.writable) reasons.push(health.reason ?? 'the ledger cannot write');
  if (sources.budgets.stats().authenticatedRoom <= 0) {
    reasons.push('every place for an authenticated connection is taken');
  }
  return reasons;
}

/** A gauge or counter family of unlabelled or labelled samples. */
function family(name: string, type: 'gauge' | 'counter', help: string, samples: MetricFamily['samples']): MetricFamily {
  return { name, help, type, samples };
}

function metrics(sources: HealthSources): MetricFamily[] {
  const stats = sources.budgets.stats();
  const health = sources.ledger.health?.();
  const refusals = [...sources.refusals.counts()].map(([code, value]) => ({ labels: { code }, value }));
  const families: MetricFamily[] = [
    family('suip_connections', 'gauge', 'Open HTTP and WebSocket connections, by pool.', [
      { labels: { pool: 'authenticated' }, value: stats.authenticated },
      { labels: { pool: 'unauthenticated' }, value: stats.unauthenticated },
    ]),
    family('suip_sessions_connected', 'gauge', 'Sessions with at least one bound socket.', [{ value: stats.sessions }]),
    family('suip_refusals_total', 'counter', 'Requests, upgrades and connections refused, by code.', refusals),
  ];
  if (health === undefined) return families;
  families.push(
    family('suip_ledger_writable', 'gauge', '1 when the ledger can write.', [{ value: health.writable ? 1 : 0 }]),
    family('suip_ledger_queue_depth', 'gauge', 'Appends waiting for the ledger.', [{ value: health.queueDepth }]),
    family('suip_ledger_queue_bytes', 'gauge', 'Bytes of appends waiting.', [{ value: health.queueBytes }]),
    family('suip_ledger_writer_restarts_total', 'counter', 'Times the ledger writer was restarted after a failure.', [
      { value: health.restarts },
    ]),
    {
      name: 'suip_ledger_append_latency_ms',
      help: 'Milliseconds from an append to its durable acknowledgement.',
      type: 'histogram',
      samples: [],
      histogram: health.appendLatency,
    },
  );
  if (health.sessions !== undefined) {
    families.push(
      family('suip_ledger_sessions', 'gauge', 'Ledger sessions (streams) held.', [{ value: health.sessions.count }]),
      family('suip_ledger_session_bytes', 'gauge', 'Bytes of entries and heads: in all, and the largest session.', [
        { labels: { of: 'all' }, value: health.sessions.bytes },
        { labels: { of: 'largest' }, value: health.sessions.largest },
      ]),
    );
  }
  return families;
}

const text = (response: ServerResponse, body: string) => {
  response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
};

/**
 * `/healthz` (liveness: the process answers), `/readyz` (readiness: the ledger can write and
 * there is room for an authenticated connection; 503 with the reasons otherwise; one verdict
 * answered for `readyCacheMs`) and `/metrics`
 * (Prometheus text). SECURITY: `/metrics` needs the agent token (it tells how loaded the server
 * is and how many sessions it holds); the probes say nothing a client could use.
 */
export function healthRoutes(sources: HealthSources): Route[] {
  const now = sources.now ?? Date.now;
  const cacheMs = sources.readyCacheMs ?? READY_CACHE_MS;
  let verdict: { at: number; reasons: string[] } | undefined;
  // SECURITY: `/readyz` needs no credential and the ledger's health reads every session's totals
  // (a query over all of them): a client asking in a loop on one keep-alive connection would make
  // the main thread scan for each request. One verdict stands for `cacheMs`, so a flood costs what
  // `/healthz` costs; the connection itself counts in the unauthenticated pool like any other.
  const readiness = () => {
    const at = now();
    const stale = verdict === undefined || at - verdict.at >= cacheMs || at < verdict.at;
    if (stale) verdict = { at, reasons: notReady(sources) };
    return verdict!.reasons;
  };
  return [
    {
      method: 'GET',
      path: '/healthz',
      handle: async (_request, response) => sendJson(response, 200, { ok: true, ledger: sources.ledgerKind }),
    },
    {
      method: 'GET',
      path: '/readyz',
      async handle(_request, response) {
        const reasons = readiness();
        const ok = reasons.length === 0;
        sendJson(response, ok ? 200 : 503, { ok, ledger: sources.ledgerKind, ...(ok ? {} : { reasons }) });
      },
    },
    {
      method: 'GET',
      path: '/metrics',
      auth: 'agent',
      handle: async (_request, response) => text(response, prometheusText(metrics(sources))),
    },
  ];
}
