/**
 * The control plane between the host and a sandbox's relay, typed once for both sides. Control
 * messages travel on the same transferred port as the data, but as objects: data is always a
 * string (a JSON-RPC text), control never is. Plain types and one guard, no schema library: the
 * relay is bundled into every sandbox document and stays small.
 */

/** The budgets and watchdog timing the relay enforces for one Worker. */
export interface RelayBudgets {
  /** UTF-8 bytes of one message from the Worker (the handshake's `maxMessageBytes`). */
  maxMessageBytes: number;
  /** Messages per second from the Worker, with this many as the burst (`maxMessagesPerSecond`). */
  maxMessagesPerSecond: number;
  /** How often the relay pings the Worker, in ms. */
  heartbeatIntervalMs: number;
  /** How long a ping may stay unanswered before the Worker is terminated, in ms. */
  heartbeatTimeoutMs: number;
  /** The same for the first ping, while the Worker is still starting, in ms. */
  startupTimeoutMs: number;
}

/** The reasons the relay itself gives when it terminates a Worker. */
export const TERMINATION_REASONS = ['bytes', 'rate', 'heartbeat', 'type'] as const;
/** A reason the relay terminated a Worker. */
export type TerminationReason = (typeof TERMINATION_REASONS)[number];

/**
 * Why a generator stopped or failed: a closed set of machine-readable codes, shared by the relay's
 * reports, `suip-status` events, `suip-error` data and `SuipHostError`s. The text for people and
 * models travels beside it (`message`), never inside it, so no host parses prose.
 */
export const STATUS_REASONS = [
  ...TERMINATION_REASONS,
  /** The host detached it. */
  'detached',
  /** The sandbox document navigated away (a self-navigation attempt). */
  'navigated',
  /** No `suip/initialized` within `initializeTimeoutMs`. */
  'initialize-timeout',
  /** The sandbox or the channel could not be connected. */
  'connect-failed',
  /** A remote generator's channel closed. */
  'channel-closed',
  /** The program's code threw (uncaught); it keeps running. */
  'exception',
  /** The program's script failed before the handshake (e.g. a syntax error). */
  'startup-failed',
] as const;
/** A status reason code. */
export type StatusReason = (typeof STATUS_REASONS)[number];

const statusReasons: ReadonlySet<string> = new Set(STATUS_REASONS);
const terminationReasons: ReadonlySet<string> = new Set(TERMINATION_REASONS);

/** True when `value` is one of the closed set of status reasons. */
export function isStatusReason(value: unknown): value is StatusReason {
  return typeof value === 'string' && statusReasons.has(value);
}

/**
 * Id of the srcdoc's `application/json` block that carries a `StartCommand`: the relay starts the
 * Worker from it as it runs, before the host connects (renderer/frame/srcdoc.ts).
 */
export const START_ELEMENT_ID = 'suip-start';

/** Host → relay: start the Worker with the model's code. Accepted once (from the host's port, or from the srcdoc). */
export interface StartCommand {
  suip: 'start';
  code: string;
  budgets: RelayBudgets;
}

/** Host → relay: terminate the Worker now. */
export interface StopCommand {
  suip: 'stop';
}

/**
 * Host → relay: end the current Worker (if any) and start a new one with `code` in the same
 * iframe, which is much cheaper for the host than a new frame (used for the prefix runs of a
 * program that is still streaming). It carries a fresh port for the new run, which replaces the
 * old one: whatever the old Worker still had in flight is left on a closed port, so a run can
 * never receive or send another run's messages. Accepted only after a `start`.
 */
export interface RestartCommand {
  suip: 'restart';
  code: string;
  budgets: RelayBudgets;
}

/**
 * Host → relay: answer with a `pong` now. Sent only while the program runs on a window thread the
 * relay shares (`isolation` mode `frame`): a program that loops there stops the relay too, so only
 * the host can notice and end it.
 */
export interface PingCommand {
  suip: 'ping';
}

/** Everything the host may send the relay besides data strings. */
export type RelayCommand = StartCommand | StopCommand | RestartCommand | PingCommand;

/**
 * Where the program runs: `worker`, a blob Worker (its own thread, no DOM, no window to post to);
 * `frame`, a nested `allow-scripts` srcdoc frame's window thread, the fallback when the host's CSP
 * refuses the Worker (docs/security.md, "CSP × engine matrix", says which guarantees hold there).
 */
export type IsolationMode = 'worker' | 'frame';

/** Longest `message` a report carries; the relay cuts longer ones, the host cuts again. */
export const REPORT_MESSAGE_CHARS = 1000;

/** Relay → host: the Worker was terminated (it will send nothing more). */
export interface TerminatedReport {
  suip: 'terminated';
  reason: TerminationReason;
  message: string;
}

/** Relay → host: the model's code threw (uncaught). */
export interface ExceptionReport {
  suip: 'exception';
  message: string;
  line?: number;
  /** The Worker's script failed before the handshake (e.g. a syntax error): it was terminated. */
  fatal?: true;
  /**
   * An event handler threw and the program keeps running. Claimed by the untrusted realm, so it
   * only keeps the status at "running" (which the program could as well by catching its error).
   */
  handled?: true;
}

/** Relay → host: the program runs in this mode now (`message` says why, for `frame`). Once per run. */
export interface IsolationReport {
  suip: 'isolation';
  mode: IsolationMode;
  message: string;
}

/** Relay → host: the answer to a `ping` (its thread is free). */
export interface PongReport {
  suip: 'pong';
}

/** Everything the relay may send the host besides data strings. */
export type RelayReport = TerminatedReport | ExceptionReport | IsolationReport | PongReport;

/**
 * The report in `data`, read field by field into a fresh object, or undefined when it is not one.
 * The relay shares a process with the model's Worker, so the host trusts only known shapes.
 */
export function readRelayReport(data: unknown): RelayReport | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message.slice(0, REPORT_MESSAGE_CHARS) : '';
  if (record.suip === 'terminated') {
    return typeof record.reason === 'string' && terminationReasons.has(record.reason)
      ? { suip: 'terminated', reason: record.reason as TerminationReason, message }
      : undefined;
  }
  if (record.suip === 'pong') return { suip: 'pong' };
  if (record.suip === 'isolation') {
    return record.mode === 'worker' || record.mode === 'frame'
      ? { suip: 'isolation', mode: record.mode, message }
      : undefined;
  }
  if (record.suip === 'exception') {
    const line = typeof record.line === 'number' && Number.isInteger(record.line) ? record.line : undefined;
    return {
      suip: 'exception',
      message,
      ...(line !== undefined ? { line } : {}),
      ...(record.fatal === true ? { fatal: true as const } : {}),
      ...(record.handled === true && record.fatal !== true ? { handled: true as const } : {}),
    };
  }
  return undefined;
}
