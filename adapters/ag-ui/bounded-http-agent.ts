import { EventType, HttpAgent, type BaseEvent, type HttpAgentConfig, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';
import { openAgentStream, type StreamMode } from '../kit/agent-stream.ts';
import { decodeAgUiEvent } from '../../shared/neighbours/ag-ui/events.ts';
import { DEFAULT_AG_UI_LIMITS, type AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';

/** The `CUSTOM` event name under which a refused event is reported into the run (`connectAgUi` shows it). */
export const REFUSED_EVENT = 'suip.ag-ui.refused';

/** Refusals kept for `ownsRefusal` at most (older ones are forgotten: their notes were long shown). */
const KEPT_REFUSALS = 1000;

/** Bytes of an error answer's body quoted in the run's error; the rest is never read. */
const ERROR_BODY_BYTES = 2048;

/** Options of `BoundedHttpAgent`: `HttpAgent`'s, plus the bounds. */
export interface BoundedHttpAgentConfig extends HttpAgentConfig {
  limits?: Partial<AgUiLimits>;
  /**
   * Told once per run where its stream is read (`adapters/kit/agent-stream.ts`): `worker` (off the
   * page's thread) or `sliced` (the page's CSP refused the Worker, or a `fetch` was given), and why.
   */
  onStreamMode?(mode: StreamMode, message: string): void;
}

/**
 * An `HttpAgent` whose SSE reading is bounded before anything is parsed, off the page's thread where
 * the host allows a Worker (`adapters/kit/agent-stream.ts`): the shared SSE reader drops an event
 * over `maxEventBytes` as it streams (a 10 MB tool argument never reaches `JSON.parse`, nor a
 * growing buffer re-split per chunk), and each event is decoded by `decodeAgUiEvent`, in slices
 * that yield to the host page (`shared/sliced-reader.ts`: decoding, verifying and rendering a flood
 * of events never holds the main thread for long). A refused event does not end the run: it becomes a `CUSTOM` event
 * named `suip.ag-ui.refused` with `{code, message}`, which `connectAgUi` shows and reports, and
 * the events after it still render.
 */
export class BoundedHttpAgent extends HttpAgent {
  readonly limits: AgUiLimits;
  /** Tokens of the refusals this agent reported and nobody claimed yet. */
  readonly #issued = new Set<string>();
  /** The `fetch` the agent was built with: a host that passed or later assigned its own is heard. */
  readonly #defaultFetch: unknown;
  readonly #onStreamMode: BoundedHttpAgentConfig['onStreamMode'];

  /**
   * True (once) when `value` is the value of a refusal this agent itself reported; a `CUSTOM`
   * of the same name sent by the agent's server is not, whatever it holds.
   */
  ownsRefusal(value: unknown): boolean {
    const token = typeof value === 'object' && value !== null ? (value as { token?: unknown }).token : undefined;
    return typeof token === 'string' && this.#issued.delete(token);
  }

  constructor(config: BoundedHttpAgentConfig) {
    super(config);
    this.limits = { ...DEFAULT_AG_UI_LIMITS, ...config.limits };
    this.#defaultFetch = config.fetch === undefined ? this.fetch : undefined;
    this.#onStreamMode = config.onStreamMode;
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const init = this.requestInit(input);
      // A local controller: the subscriber's teardown (unsubscribe, abortRun, an operator that
      // completes early) aborts the request, so no stream outlives the one listening to it.
      const local = new AbortController();
      const outer = init.signal ?? undefined;
      const abort = () => local.abort(outer?.reason);
      if (outer?.aborted) abort();
      else outer?.addEventListener('abort', abort, { once: true });
      const signal = local.signal;
      let started = false;
      const refused = (code: string, message: string) => {
        // Before RUN_STARTED nothing may be sent: the run cannot start on a refused event.
        if (!started) throw new Error(`the agent's first event was refused (${code}): ${message}`);
        // @ag-ui/client copies events on their way to subscribers, so identity is lost: a random
        // token that the agent's server cannot know marks the refusal as this agent's own.
        const token = crypto.randomUUID();
        this.#issued.add(token);
        if (this.#issued.size > KEPT_REFUSALS) this.#issued.delete(this.#issued.values().next().value as string);
        subscriber.next({ type: EventType.CUSTOM, name: REFUSED_EVENT, value: { code, message, token } } as BaseEvent);
      };
      void (async () => {
        const { maxEventBytes } = this.limits;
        const stream = await openAgentStream(this.url, init, {
          signal,
          // Read at each run: a host may assign `agent.fetch` (auth, rewriting) after construction.
          ...(this.fetch !== this.#defaultFetch ? { fetch: (url, request) => this.fetch(url, request) } : {}),
          ...(this.#onStreamMode ? { onMode: this.#onStreamMode } : {}),
        });
        if (!stream.ok)
          throw new Error(`the agent answered HTTP ${stream.status}: ${await stream.text(ERROR_BODY_BYTES)}`);
        await stream.read('sse', { maxEventBytes, maxLineBytes: maxEventBytes }, (item) => {
          if (signal.aborted || subscriber.closed) return false;
          if ('problem' in item) {
            const { kind, length, message } = item.problem;
            return kind === 'too-long'
              ? refused(
                  'event_too_large',
                  `an SSE event of more than ${maxEventBytes} bytes was dropped before parsing (${length ?? 'unknown'} bytes seen); stream large values in many deltas`,
                )
              : refused('malformed_event', message);
          }
          const decoded = decodeAgUiEvent(item.event.data, this.limits);
          if (!decoded.ok) return refused(decoded.code, decoded.message);
          if (decoded.event.type === EventType.RUN_STARTED) started = true;
          subscriber.next(decoded.event);
        });
        subscriber.complete();
      })().catch((error: unknown) => subscriber.error(error instanceof Error ? error : new Error(String(error))));
      return () => {
        outer?.removeEventListener('abort', abort);
        local.abort();
      };
    });
  }
}
