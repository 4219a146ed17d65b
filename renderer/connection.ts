import type { Channel } from '../shared/channel.ts';
import type { IsolationMode, StatusReason } from '../shared/relay-control.ts';

/**
 * How one generator reaches the renderer: where its data channel comes from and how it is ended.
 * The lifecycle around it (handshake, status, teardown) is the same for every kind, so a sandboxed
 * program and a remote generator differ only here.
 */
export interface GeneratorConnection {
  /** What kind of connection this is (devtools, docs). */
  readonly kind: 'sandbox' | 'remote';
  /** Resolves with the data channel once the transport is up; rejects when it cannot be. */
  readonly channel: Promise<Channel>;
  /** The session listens on the channel now: a sandbox tells its relay to start the program. */
  begin(): void;
  /** After `suip/shutdown`: ask the generator's side to stop (the relay terminates its Worker). */
  stop(): void;
  /** Free the transport (frame, port, channel). Idempotent. */
  destroy(): void;
  /**
   * Instead of `destroy`: end this generator's link but keep the transport warm for the next
   * generator of the same id (a sandbox frame whose relay can restart). Undefined when it cannot
   * be kept (no such kind, or it broke); then it was destroyed.
   */
  release?(): WarmTransport | undefined;
}

/** A transport kept between two generators of one id; opaque outside its connection kind. */
export interface WarmTransport {
  readonly kind: 'sandbox';
  /** Free it for good (the kept subtree was removed, or the renderer destroyed). */
  destroy(): void;
}

/** What a connection tells the lifecycle about the generator behind it. */
export interface ConnectionEvents {
  /** The generator ended on its side (terminated by the relay, navigated, channel closed). */
  onEnded(reason: StatusReason, message: string): void;
  /**
   * The program's code threw; `fatal` when it can never start, `handled` when an event handler threw and it runs on.
   */
  onException(message: string, line: number | undefined, fatal: boolean, handled?: boolean): void;
  /**
   * Where the sandbox runs the program (`frame`: without a Worker, which the host's CSP refused); `message` says why.
   */
  onIsolation?(mode: IsolationMode, message: string): void;
}

/**
 * The in-page lane of an `attachRemote({inPage: true, lane})` mount, the renderer's half: it sets
 * `dispatch` once the mount's session exists (the session's `dispatchInPage`), and the generator
 * in this page (the host's own translator code) hands it its JSON-RPC messages as values instead
 * of JSON texts: the same session code checks, applies and answers them. (The generator's half,
 * `generator/runtime/in-page-lane.ts`, is the same shape: the two sides do not import each other.)
 */
export interface InPageLane {
  /**
   * The mount's session takes these JSON-RPC messages as if they had arrived as one JSON text (a
   * batch when more than one) and returns the messages it answers with, as values.
   */
  dispatch?(messages: object[]): unknown[];
}
