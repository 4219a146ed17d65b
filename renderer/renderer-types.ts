import type { HostContext, Limits, SuipErrorObject, VocabularyEntry } from '../shared/index.ts';
import type { CheckGroup } from './tree/index.ts';
import type { UrlPolicy } from './view/view-context.ts';

/** A generator's lifecycle as the host sees it. */
export type GeneratorStatus = 'starting' | 'ready' | 'terminated' | 'error';

/** How the sandbox watchdog judges a Worker (ms). */
export interface WatchdogTiming {
  /** How often the relay pings the Worker. Default 200. */
  intervalMs: number;
  /** An unanswered ping older than this terminates the Worker. Default 1000. */
  timeoutMs: number;
  /** The same for the first ping, while the Worker starts. Default 5000. */
  startupTimeoutMs: number;
}

/** Options of `createRenderer`. */
export interface RendererOptions {
  /** Budgets announced to generators and enforced (merged over DEFAULT_LIMITS). */
  limits?: Partial<Limits>;
  /** Theme, locale … announced in the handshake. */
  hostContext?: HostContext;
  /** The vocabulary announced in the handshake (default: the built-in one). */
  vocabulary?: readonly VocabularyEntry[];
  /** The check run on every group a transaction touches (default: against `vocabulary`). */
  checkGroup?: CheckGroup;
  /** URL allowlist for links and media (default: `createUrlPolicy()`: http(s)/mailto links, `data:` media only). */
  policy?: UrlPolicy;
  /** Watchdog timing (tests shorten it). */
  watchdog?: Partial<WatchdogTiming>;
  /** How long `attach` waits for `suip/initialized` (ms). Default 10000. */
  initializeTimeoutMs?: number;
  /** The relay script; default: the one built by `virtual:suip-sandbox`. */
  relaySource?: string;
  /**
   * Strict-CSP mode: the URL of the static sandbox document (`suip-sandbox.html`, emitted by the
   * build) to load instead of a srcdoc. Use it when the host page's CSP forbids inline scripts or
   * blob: workers (srcdoc frames inherit the host's CSP); serve it from a separate cookieless origin.
   */
  sandboxUrl?: string;
}

/** What `attach` needs: a mount id (unique in this renderer) and the model's code. */
export interface AttachOptions {
  id: string;
  code: string;
  /** A name for devtools and logs. */
  name?: string;
}

/** One attached generator. */
export interface GeneratorHandle {
  readonly id: string;
  readonly status: GeneratorStatus;
  /** Shut the generator down (`suip/shutdown`), remove its sandbox and its subtree. */
  detach(): Promise<void>;
}

/** One data message through the devtools tap. */
export interface TrafficRecord {
  generatorId: string;
  direction: 'in' | 'out';
  text: string;
  bytes: number;
  /** `performance.now()` when it passed. */
  time: number;
}

/** Detail of the `suip-error` DOM event. */
export interface SuipErrorDetail {
  generatorId: string;
  error: SuipErrorObject;
}

/** Detail of the `suip-status` DOM event. */
export interface SuipStatusDetail {
  generatorId: string;
  status: GeneratorStatus;
  /** Why (for terminated / error): "heartbeat", "rate", "bytes", "navigated", "detached", "exception: …". */
  reason?: string;
}

/** A renderer: one merged tree, many sandboxed generators. */
export interface Renderer {
  /** Start a generator in a fresh sandbox; resolves once it is initialized. */
  attach(options: AttachOptions): Promise<GeneratorHandle>;
  /** Detach one generator by id (no-op when unknown). */
  detach(id: string): Promise<void>;
  /** The merged tree as plain JSON: `{group: [[generatorId, root], …]}`. */
  snapshot(): unknown;
  /** Subscribe to every data message in and out (devtools); returns an unsubscribe. */
  onTraffic(listener: (record: TrafficRecord) => void): () => void;
  /** Detach everything and remove the view. */
  destroy(): Promise<void>;
}
