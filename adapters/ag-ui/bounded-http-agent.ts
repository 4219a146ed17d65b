import { EventType, HttpAgent, type BaseEvent, type HttpAgentConfig, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';
import { readSse } from '../../shared/sse-reader.ts';
import { decodeAgUiEvent } from '../../shared/neighbours/ag-ui/events.ts';
import { DEFAULT_AG_UI_LIMITS, type AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';

/** The `CUSTOM` event name under which a refused event is reported into the run (`connectAgUi` shows it). */
export const REFUSED_EVENT = 'suip.ag-ui.refused';

/** Options of `BoundedHttpAgent`: `HttpAgent`'s, plus the bounds. */
export interface BoundedHttpAgentConfig extends HttpAgentConfig {
  limits?: Partial<AgUiLimits>;
}

/**
 * An `HttpAgent` whose SSE reading is bounded before anything is parsed: the shared SSE reader
 * (`shared/sse-reader.ts`) drops an event over `maxEventBytes` as it streams (a 10 MB tool
 * argument never reaches `JSON.parse`, nor a growing buffer re-split per chunk), and each event is
 * decoded by `decodeAgUiEvent`. A refused event does not end the run: it becomes a `CUSTOM` event
 * named `suip.ag-ui.refused` with `{code, message}`, which `connectAgUi` shows and reports, and
 * the events after it still render.
 */
export class BoundedHttpAgent extends HttpAgent {
  readonly limits: AgUiLimits;

  constructor(config: BoundedHttpAgentConfig) {
    super(config);
    this.limits = { ...DEFAULT_AG_UI_LIMITS, ...config.limits };
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const init = this.requestInit(input);
      const signal = init.signal ?? undefined;
      let started = false;
      const refused = (code: string, message: string) => {
        // Before RUN_STARTED nothing may be sent: the run cannot start on a refused event.
        if (!started) throw new Error(`the agent's first event was refused (${code}): ${message}`);
        subscriber.next({ type: EventType.CUSTOM, name: REFUSED_EVENT, value: { code, message } } as BaseEvent);
      };
      void (async () => {
        const response = await this.fetch(this.url, init);
        if (!response.ok || response.body === null) {
          const text = (await response.text().catch(() => '')).slice(0, 2000);
          throw new Error(`the agent answered HTTP ${response.status}: ${text}`);
        }
        await readSse(
          response.body,
          (sse) => {
            if (signal?.aborted) return false;
            const decoded = decodeAgUiEvent(sse.data, this.limits);
            if (!decoded.ok) return refused(decoded.code, decoded.message);
            if (decoded.event.type === EventType.RUN_STARTED) started = true;
            subscriber.next(decoded.event);
          },
          { maxEventBytes: this.limits.maxEventBytes, maxLineBytes: this.limits.maxEventBytes, onProblem: (problem) => refused(problem.kind === 'too-long' ? 'event_too_large' : 'malformed_event', problem.kind === 'too-long' ? `an SSE event of more than ${this.limits.maxEventBytes} bytes was dropped before parsing (${problem.length ?? 'unknown'} bytes seen); stream large values in many deltas` : problem.message) },
        );
        subscriber.complete();
      })().catch((error: unknown) => subscriber.error(error instanceof Error ? error : new Error(String(error))));
    });
  }
}
