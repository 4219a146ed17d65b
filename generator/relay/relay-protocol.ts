/**
 * Control messages between the host and the relay. They travel on the same transferred port as
 * the data, but as objects: data is always a string (a JSON-RPC text), control never is.
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

/** Host → relay: start the Worker with the model's code. Accepted once. */
export interface StartMessage {
  suip: 'start';
  code: string;
  budgets: RelayBudgets;
}

/** Host → relay: terminate the Worker now. */
export interface StopMessage {
  suip: 'stop';
}

/** Why the relay terminated a Worker. */
export type TerminationReason = 'bytes' | 'rate' | 'heartbeat' | 'type' | 'stopped';

/** Relay → host: the Worker was terminated (it will send nothing more). */
export interface TerminatedMessage {
  suip: 'terminated';
  reason: TerminationReason;
  message: string;
}

/** Relay → host: the model's code threw (uncaught). */
export interface ExceptionMessage {
  suip: 'exception';
  message: string;
  line?: number;
  /** The Worker's script failed before the handshake (e.g. a syntax error): it was terminated. */
  fatal?: boolean;
}

/** Everything the relay may send the host besides data strings. */
export type RelayToHost = TerminatedMessage | ExceptionMessage;
/** Everything the host may send the relay besides data strings. */
export type HostToRelay = StartMessage | StopMessage;
