import type { Channel, HostContext, Limits, StatusReason, SuipErrorObject, VocabularyEntry } from '../shared/index.ts';
import type { HostDialogs } from './dialogs/host-dialogs.ts';
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

/** What every kind of attach takes besides the connection. */
export interface MountOptions {
  /** The mount id, unique in this renderer (1..maxIdLength characters). */
  id: string;
  /** A name for devtools, logs and host dialogs ("<name> asks …"). */
  name?: string;
  /** 1.1: the channels this generator may send `suip/output` on (default: none). */
  outputs?: readonly string[];
  /**
   * 1.1 hand-over: take over the subtree kept on screen by `detach(id, {keep: true})`. The new
   * generator's first `render()` is diffed against it, so DOM nodes, focus, caret and typed values
   * survive. Requires a kept mount with this id.
   */
  adopt?: boolean;
}

/** What `attach` needs: a mount and the model's code, run in a fresh sandbox. */
export interface AttachOptions extends MountOptions {
  code: string;
}

/** What `attachRemote` needs: a mount and a channel that speaks SUIP (a WebSocket, an in-page memory channel). */
export interface AttachRemoteOptions extends MountOptions {
  channel: Channel;
}

/** Options of `detach`. */
export interface DetachOptions {
  /** Keep the subtree on screen, frozen (events are dropped), for a later `attach({adopt: true})`. */
  keep?: boolean;
}

/** One attached generator. */
export interface GeneratorHandle {
  readonly id: string;
  readonly status: GeneratorStatus;
  /** How it is connected. */
  readonly kind: 'sandbox' | 'remote';
  /** Shut the generator down (`suip/shutdown`), end its connection and remove (or keep) its subtree. */
  detach(options?: DetachOptions): Promise<void>;
  /**
   * 1.1: send a JSON value on a data-plane channel (`suip/input`). Throws a `SuipHostError`:
   * `invalid-option` (channel name), `limit-exceeded` (over maxMessageBytes), `not-ready`,
   * `unsupported` (a 1.0 generator).
   */
  input(channel: string, value: unknown): void;
  /** 1.1: hear the generator's `suip/output` values (on the channels allowed at attach); returns an unsubscribe. */
  onOutput(listener: (channel: string, value: unknown) => void): () => void;
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
  /** Why (for terminated / error): one code of a closed set (`STATUS_REASONS`). */
  reason?: StatusReason;
  /** The same for people and models: what happened, e.g. the exception's message and line. */
  message?: string;
}

/** A renderer: one merged tree, many generators (sandboxed programs and remote generators). */
export interface Renderer {
  /** Start a program in a fresh sandbox; resolves once it is initialized, rejects with a `SuipHostError`. */
  attach(options: AttachOptions): Promise<GeneratorHandle>;
  /**
   * Attach a generator that speaks SUIP over `channel` (no iframe): the same session, validation,
   * ownership, budgets and teardown as a sandboxed one. For trusted translators and server-side
   * generators; the renderer validates everything they send all the same.
   */
  attachRemote(options: AttachRemoteOptions): Promise<GeneratorHandle>;
  /** Detach one generator by id (no-op when unknown); `{keep: true}` leaves its subtree on screen. A kept id is removed for good by a plain `detach(id)`. */
  detach(id: string, options?: DetachOptions): Promise<void>;
  /** Host-owned dialogs (confirm, prompt — secret too —, pick), drawn outside every generator's tree. */
  readonly dialogs: HostDialogs;
  /** The merged tree as plain JSON: `{group: [[generatorId, root], …]}`. */
  snapshot(): unknown;
  /** Subscribe to every data message in and out (devtools); returns an unsubscribe. */
  onTraffic(listener: (record: TrafficRecord) => void): () => void;
  /** Detach everything and remove the view. */
  destroy(): Promise<void>;
}
