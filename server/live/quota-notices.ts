import { LedgerError, type Ledger } from '../ledger/ledger.ts';
import { QUOTA_NOTICE_SHARE, appendBudget, eventsOf } from '../sessions/streams.ts';

/** Sessions remembered at most (a flood of sessions cannot grow the memory; the oldest is forgotten first). */
const MAX_REMEMBERED = 10_000;
/** One notice of each kind per session per this many ms. */
const PERIOD_MS = 60_000;

/**
 * What a session's pages cost its quota, said to the ones who can act on it. The agent reads a
 * `budget` event `QUOTA_NEAR` once the event stream holds a quarter of its quota (half of what
 * pages may fill) and `QUOTA_EXCEEDED` when pages' actions are refused; the operator reads one log
 * line per session per minute for each, however many frames a page sends.
 */
export class QuotaNotices {
  readonly #sent = new Map<string, number>();
  readonly #ledger: Ledger;
  readonly #log: (event: Record<string, unknown>) => void;

  constructor(ledger: Ledger, log: (event: Record<string, unknown>) => void) {
    this.#ledger = ledger;
    this.#log = log;
  }

  /** After a page's entry was recorded: tell the agent once the stream passed the notice share. */
  async recorded(sessionId: string): Promise<void> {
    const { bytes, quotaBytes } = await this.#ledger.usage(eventsOf(sessionId));
    if (bytes < quotaBytes * QUOTA_NOTICE_SHARE || !this.#due(sessionId, 'near')) return;
    const reason =
      `the session's event stream holds ${bytes} of its ${quotaBytes} bytes; pages' actions are refused past ` +
      `half of it until you drain them (POST /api/sessions/${sessionId}/drain)`;
    this.#log({ event: 'session-quota-near', sessionId, bytes, quotaBytes });
    await this.#tell(sessionId, 'QUOTA_NEAR', reason);
  }

  /** A page's entry was refused: rethrown for the page, said once a minute to the agent and the log. */
  async refused(sessionId: string, error: unknown): Promise<never> {
    if (error instanceof LedgerError && error.code === 'SESSION_QUOTA' && this.#due(sessionId, 'refused')) {
      this.#log({ event: 'session-quota-refused', sessionId, error: error.message });
      await this.#tell(sessionId, 'QUOTA_EXCEEDED', `a page's action was refused: ${error.message}`);
    }
    throw error;
  }

  #due(sessionId: string, kind: string): boolean {
    const key = `${kind}:${sessionId}`;
    const now = Date.now();
    if ((this.#sent.get(key) ?? -Infinity) + PERIOD_MS > now) return false;
    this.#sent.delete(key);
    if (this.#sent.size >= MAX_REMEMBERED) this.#sent.delete(this.#sent.keys().next().value!);
    this.#sent.set(key, now);
    return true;
  }

  async #tell(sessionId: string, code: string, reason: string): Promise<void> {
    await appendBudget(this.#ledger, sessionId, code, reason).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      this.#log({ event: 'budget-event-failed', sessionId, error: message });
    });
  }
}
