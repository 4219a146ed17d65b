import { HttpError } from '../http/http-error.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { eventsOf } from './streams.ts';

/** Events one `GET …/events | actions` answers at most; `truncated` and `next` say where to read on. */
const PAGE = 1000;

/**
 * What `GET /api/sessions/<id>/events | actions?since=N` answers: the session's events after
 * `since` (all of them, or its users' actions only) with the cursor to read on from. A cursor ahead
 * of the ledger is said (`ahead`), not answered with silence.
 */
export async function readSessionEvents(
  ledger: Ledger,
  sessionId: string,
  what: 'events' | 'actions',
  since: number,
): Promise<Record<string, unknown>> {
  if ((await ledger.last(sessionId)) === 0)
    throw new HttpError(404, 'SESSION_NOT_FOUND', `no session ${JSON.stringify(sessionId)}`);
  const last = await ledger.last(eventsOf(sessionId));
  const read = await ledger.read(eventsOf(sessionId), Math.min(since, last), PAGE);
  const events = read.entries
    .filter((entry) => what === 'events' || entry.kind === 'action')
    .map((entry) => ({
      sequence: entry.seq,
      at: entry.at,
      kind: entry.kind,
      payload: JSON.parse(entry.payload) as unknown,
    }));
  // `next` goes back to the ledger's end when the cursor was ahead of it.
  return {
    [what]: events,
    next: read.entries.at(-1)?.seq ?? Math.min(since, last),
    last,
    truncated: read.truncated,
    ...(since > last ? { ahead: true } : {}),
  };
}
