import { formatPath } from './describe.ts';
import { ErrorCode } from './error-codes.ts';
import type { SuipErrorObject } from './error.ts';
import { createRateBudget } from './rate-budget.ts';

/**
 * What a peer refused, replaced or showed literally in a program's UI while showing the rest:
 * `link` (a href the host's policy refused: shown as text), `media` (a source refused: a note
 * instead), `channel` (a channel the host never uses), `markdown` (a plain string that looks
 * like markdown: shown exactly as written), `html` (HTML tags in a text, or a text/html text: the
 * host draws no HTML, so the tags are shown as written).
 */
export type RefusalReason = 'link' | 'media' | 'channel' | 'markdown' | 'html';

/**
 * The one shape of every refusal a program hears: a `Refused` (-32007) warning whose message
 * names the program's own path, what was not shown as written, and the fix. `path` is relative
 * to the program's root (no mount id). Sent as a `suip/error` notification; never fatal.
 */
export function refusalNotice(
  path: readonly string[],
  reason: RefusalReason,
  detail: string,
  fix: string,
): SuipErrorObject {
  const shown = path.slice(0, 64).map((id) => (id.length > 256 ? id.slice(0, 256) : id));
  return {
    code: ErrorCode.Refused,
    message: `at path ${formatPath(shown)}: ${detail}; ${fix} (a warning: the rest of the UI is shown)`,
    data: { path: shown, reason },
  };
}

/** How many refusal notices a program hears per second at most (a burst of as many). */
export const REFUSAL_NOTICES_PER_SECOND = 8;
/** How many distinct notices a gate remembers, so that a re-render does not repeat one. */
const REMEMBERED = 256;

/**
 * A gate in front of one program's refusal notices: the same notice passes once (a UI that
 * re-renders sixty times a second refuses the same link each time), and at most
 * `REFUSAL_NOTICES_PER_SECOND` pass per second, so a loop cannot flood the program or the wire.
 * The first notice after a suppressed run says how many were left out. Returns the notice to
 * send, or undefined.
 */
export function createNoticeGate(now?: () => number): (notice: SuipErrorObject) => SuipErrorObject | undefined {
  const budget = createRateBudget(REFUSAL_NOTICES_PER_SECOND, now);
  const seen = new Set<string>();
  let suppressed = 0;
  return (notice) => {
    if (seen.has(notice.message)) return undefined;
    if (!budget.take()) {
      suppressed += 1;
      return undefined;
    }
    // Forgetting everything when full keeps the memory bounded; a repeat then costs one notice.
    if (seen.size >= REMEMBERED) seen.clear();
    seen.add(notice.message);
    if (suppressed === 0) return notice;
    const more =
      `${notice.message} (${suppressed} more ` +
      `refusal${suppressed === 1 ? ' was' : 's were'} not reported: too ` +
      `many per second)`;
    suppressed = 0;
    return { ...notice, message: more };
  };
}
