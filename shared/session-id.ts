/**
 * The one session-id rule of suip: 1 to 128 letters, digits and `_ . : -`. It names the live
 * channel's `sessionId`, a ledger session (a SQLite row, a Redis key) and every id segment of a
 * server URL (`/api/sessions/<id>`, `/api/canvas/<id>`), so an id that one side takes the others
 * take too.
 */

/** The longest session id. */
export const SESSION_ID_MAX_CHARS = 128;

/** The characters of a session id, as a JSON Schema `pattern` (the length is bounded beside it). */
export const SESSION_ID_PATTERN = '^[\\w.:-]+$';

const SESSION_ID = /^[\w.:-]+$/;

/** True for a string that follows the session-id rule. */
export function isSessionId(value: unknown): boolean {
  return (
    typeof value === 'string' && value.length >= 1 && value.length <= SESSION_ID_MAX_CHARS && SESSION_ID.test(value)
  );
}
