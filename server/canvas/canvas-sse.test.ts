import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCanvasSseFold, type CanvasSseFold } from '../../adapters/canvas/inputs/sse.ts';
import { compact, replay } from '../../adapters/canvas/state.ts';
import { canvasOp } from '../../adapters/canvas/testing/arbitraries.ts';
import type { CanvasOp } from '../../shared/neighbours/canvas/ops.ts';
import { mintToken } from '../auth/tokens.ts';
import { createBrowserGuard } from '../http/browser-guard.ts';
import { createRouter } from '../http/router.ts';
import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { canvasRoutes } from './canvas-api.ts';
import { createCanvasStore, type CanvasStore } from './canvas-store.ts';

/**
 * The SSE resume contract against a real HTTP server on 127.0.0.1 over a real SQLite ledger (whose
 * tail reads the file, so a burst larger than the window can pass an open stream between reads):
 * whatever the history, the window and the id a client resumes from, snapshot + tail leaves the
 * client holding exactly the server's canvas.
 */

const AGENT = 'agent-token-sse-tests';
const dir = mkdtempSync(join(tmpdir(), 'suip-canvas-sse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

async function serve(
  window: number,
  extra: Partial<Parameters<typeof canvasRoutes>[0]> = {},
): Promise<{ base: string; ledger: Ledger; store: CanvasStore; close(): Promise<void> }> {
  const ledger = createSqliteLedger(join(dir, `l${(files += 1)}.sqlite`), { window });
  const store = createCanvasStore(ledger);
  const server: Server = createServer(
    createRouter(
      canvasRoutes({ ledger, store, secret: 'sse-secret', agentToken: AGENT, maxBodyBytes: 1 << 20, ...extra }),
      { guard: createBrowserGuard({ origins: [], hosts: ['*'] }), agentToken: AGENT, log: () => undefined },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    ledger,
    store,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ledger.close();
    },
  };
}

/** Opens the stream and folds it as it arrives, until `stop`. */
function follow(
  url: string,
  fold: CanvasSseFold,
  headers: Record<string, string> = {},
): { events: Array<{ id?: string; event: string }>; opened: Promise<Response>; done: Promise<void>; stop(): void } {
  const controller = new AbortController();
  const events: Array<{ id?: string; event: string }> = [];
  const opened = fetch(url, { headers: { authorization: `Bearer ${AGENT}`, ...headers }, signal: controller.signal });
  const done = (async () => {
    const response = await opened;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      for (const event of fold.push(decoder.decode(value, { stream: true })))
        events.push({ ...(event.id !== undefined ? { id: event.id } : {}), event: event.event });
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return { events, opened, done, stop: () => controller.abort() };
}

async function until(check: () => Promise<boolean> | boolean, what: () => string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('canvas SSE resume', () => {
  it('bounds the streams one canvas holds open: one more is 429 TOO_MANY_STREAMS; a closed one frees its place', async () => {
    const at = await serve(100, { maxSseStreamsPerSession: 2 });
    try {
      await at.ledger.append('s', 'created', '{}');
      const streams = [
        follow(`${at.base}/api/canvas/s/sse`, createCanvasSseFold()),
        follow(`${at.base}/api/canvas/s/sse`, createCanvasSseFold()),
      ];
      await Promise.all(
        streams.map((s) =>
          until(
            () => s.events.length === 1,
            () => 'a snapshot',
          ),
        ),
      );
      const third = await fetch(`${at.base}/api/canvas/s/sse`, { headers: { authorization: `Bearer ${AGENT}` } });
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({
        error: 'this canvas has 2 SSE streams open already (limit 2); close one first',
        code: 'TOO_MANY_STREAMS',
      });
      streams[0]!.stop();
      await streams[0]!.done;
      // The server learns of the close asynchronously: ask until the place is free.
      await until(
        async () => {
          const response = await fetch(`${at.base}/api/canvas/s/sse`, {
            headers: { authorization: `Bearer ${AGENT}` },
          });
          await response.body?.cancel();
          return response.status === 200;
        },
        () => 'a place after one stream closed',
      );
      streams[1]!.stop();
      await streams[1]!.done;
    } finally {
      await at.close();
    }
  });

  it("a page's stream read with its session's token moves its connection to the authenticated pool; a bad token does not", async () => {
    const marked: unknown[] = [];
    const at = await serve(100, { authenticated: (request) => void marked.push(request.socket.remotePort) });
    try {
      await at.ledger.append('s', 'created', '{}');
      const exp = Date.now() + 60_000;
      const token = mintToken('sse-secret', { kind: 'ws', sessionId: 's', appId: 'a', exp });
      const refused = await fetch(`${at.base}/api/canvas/s/sse?token=not-a-token`);
      expect(refused.status).toBe(401);
      expect(marked).toEqual([]);
      const controller = new AbortController();
      const page = await fetch(`${at.base}/api/canvas/s/sse?token=${encodeURIComponent(token)}`, {
        signal: controller.signal,
      });
      expect(page.status).toBe(200);
      expect(marked).toHaveLength(1);
      controller.abort();
      // The agent's own requests are marked by the router, not by the canvas routes.
      const agent = await fetch(`${at.base}/api/canvas/s/state`, { headers: { authorization: `Bearer ${AGENT}` } });
      expect(agent.status).toBe(200);
      expect(marked).toHaveLength(1);
    } finally {
      await at.close();
    }
  });

  it('for any history, window and resume id: snapshot + tail equals the server state (fast-check, SQLite, real HTTP)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 30 }),
        fc.array(canvasOp, { maxLength: 50 }),
        fc.option(fc.integer({ min: 0, max: 70 }), { nil: undefined }),
        fc.array(fc.array(canvasOp, { minLength: 1, maxLength: 40 }), { maxLength: 4 }),
        async (window, before, resume, bursts) => {
          const at = await serve(window);
          try {
            await at.ledger.append('s', 'created', '{}');
            const history: Array<{ seq: number; op: CanvasOp }> = [];
            const push = async (ops: readonly CanvasOp[]) => {
              for (const op of ops) {
                const result = await at.store.append('s', [op]);
                if (result.ok) history.push({ seq: result.seqs[0]!, op });
              }
            };
            await push(before);
            const last = await at.ledger.last('s');
            // What the client held at the id it resumes from; beyond the ledger it holds something
            // the server never had (a snapshot must replace it).
            const held = resume === undefined ? [] : history.filter((h) => h.seq <= resume).map((h) => h.op);
            if (resume !== undefined && resume > last)
              held.push({ op: 'upsert', id: 'ghost', type: 'card', data: { title: 'not on the server' } });
            const fold = createCanvasSseFold(replay(held));
            const stream = follow(
              `${at.base}/api/canvas/s/sse`,
              fold,
              resume === undefined ? {} : { 'last-event-id': String(resume) },
            );
            try {
              // The server judged the resume before its headers: from here on, appends race the tail only.
              await stream.opened;
              for (const burst of bursts) {
                await push(burst);
                await new Promise((resolve) => setTimeout(resolve, 5));
              }
              const server = await at.store.snapshot('s');
              await until(
                () => JSON.stringify(compact(fold.state)) === JSON.stringify(server.ops),
                () =>
                  `window ${window}, resume ${resume}, last ${last}, server ${server.seq}; events ${JSON.stringify(stream.events)}; client ${JSON.stringify(compact(fold.state))} vs server ${JSON.stringify(server.ops)}`,
              );
              expect(fold.errors).toEqual([]);
              // A resume the ledger can serve starts with its ops; any other starts with a snapshot.
              const servable = resume !== undefined && resume <= last && resume >= last - window;
              const next = history.find((h) => resume !== undefined && h.seq > resume && h.seq <= last);
              if (servable && next !== undefined)
                expect(stream.events[0]).toEqual({ id: String(next.seq), event: 'op' });
              if (!servable) expect(stream.events[0]?.event).toBe('snapshot');
            } finally {
              stream.stop();
              await stream.done;
            }
          } finally {
            await at.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
