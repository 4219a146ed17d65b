import type { ServerResponse } from 'node:http';
import { createSocketBudgets } from '../http/socket-budgets.ts';

/** How many canvas SSE streams may be open, per canvas and in the process. */
export interface CanvasStreamLimits {
  /** Open streams per canvas; one more is answered 429. */
  perSession: number;
  /** Open streams in this process; one more is answered 503. */
  total: number;
}

/** A stream refused for a count: the status and the JSON body to answer. */
export interface CanvasStreamRefusal {
  status: 429 | 503;
  body: { error: string; code: 'TOO_MANY_STREAMS' };
}

/** The places canvas SSE streams hold: one is taken per stream and given back when its response closes. */
export interface CanvasStreamSlots {
  /** Take a place for `response` on `sessionId`'s canvas (freed on its `close`), or say why not. */
  take(response: ServerResponse, sessionId: string): CanvasStreamRefusal | undefined;
}

/**
 * Counts open canvas streams with the server's one budget mechanism (`server/http/socket-budgets.ts`):
 * the canvas stands where an address stands there (its per-key limit), the process total is its total.
 */
export function createCanvasStreamSlots(limits: CanvasStreamLimits): CanvasStreamSlots {
  // SECURITY: every open stream holds a socket, a ledger tail and up to its byte budget; both
  // counts are bounded so no client (or token holder) can open them without end.
  const budgets = createSocketBudgets({ total: limits.total, perAddress: limits.perSession, unauthenticatedShare: 0 });
  return {
    take(response, sessionId) {
      const slot = budgets.take(response, sessionId);
      if (slot.ok) {
        budgets.releaseOnClose(response);
        return undefined;
      }
      // A refusal happens only at the limit, so the count a message names is the limit itself.
      const error =
        slot.status === 429
          ? `this canvas has ${limits.perSession} SSE streams open already ` +
            `(limit ${limits.perSession}); close one first`
          : `the server holds ${limits.total} SSE streams ` +
            `(limit ${limits.total}); retry later or use the ` +
            `WebSocket live channel`;
      return { status: slot.status === 429 ? 429 : 503, body: { error, code: 'TOO_MANY_STREAMS' } };
    },
  };
}
