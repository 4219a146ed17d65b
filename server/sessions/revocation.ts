import { HttpError } from '../http/http-error.ts';
import type { Ledger, LedgerEntry, LedgerHead } from '../ledger/ledger.ts';
import { HEAD_ENDED, KIND_ENDED } from './streams.ts';

/**
 * SECURITY: revocation is one mechanism. The agent's `DELETE /api/sessions/<id>` appends the
 * `ended` entry (and head) to the session's stream; every route and stream of the session asks
 * here, the same way: a request or a new stream checks the head (`requireLive`), an open stream
 * ends at the entry (`isEndedEntry`). So ending a session ends every token of it (wsToken,
 * session token, a canvas reader's `?token=`) and every stream (live sockets, canvas SSE).
 */

/** The heads say the session was ended. */
export function isEnded(heads: Record<string, LedgerHead>): boolean {
  return heads[HEAD_ENDED] !== undefined;
}

/** The entry that ends every open stream of its session. */
export function isEndedEntry(entry: Pick<LedgerEntry, 'kind'>): boolean {
  return entry.kind === KIND_ENDED;
}

/** What a client is told once the session is ended (410 on HTTP, the same words on a stream). */
export function endedMessage(sessionId: string): string {
  const named = JSON.stringify(sessionId);
  return `session ${named} was ended by its agent; its tokens and streams end with it: create or ask for a new session`;
}

/** The session exists and was not ended; otherwise a 404 `SESSION_NOT_FOUND` or a 410 `SESSION_ENDED`. */
export async function requireLive(ledger: Ledger, sessionId: string): Promise<void> {
  if ((await ledger.last(sessionId)) === 0) {
    const fix = 'create one with POST /api/sessions';
    throw new HttpError(404, 'SESSION_NOT_FOUND', `no session ${JSON.stringify(sessionId)}; ${fix}`);
  }
  if (isEnded(await ledger.heads(sessionId))) throw new HttpError(410, 'SESSION_ENDED', endedMessage(sessionId));
}
