import type { TSchema } from '@sinclair/typebox';
import type { Checker } from '../../shared/check.ts';
import { measureJson } from '../../shared/json-shape.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import { LedgerError, type LedgerErrorCode } from '../ledger/ledger.ts';
import { MAX_BODY_DEPTH } from './http-io.ts';

/** Ledger refusals a client is told about, by the code it reads. */
const LEDGER_CODES: Partial<Record<LedgerErrorCode, string>> = { SESSION_QUOTA: 'QUOTA_EXCEEDED', BUSY: 'BUSY' };

/** What every socket of one endpoint checks its inbound frames against. */
export interface FrameLimits<S extends TSchema> {
  /** The schema every client frame must fit. */
  frames: Checker<S>;
  /** Frames per second, burst included. */
  maxFramesPerSecond: number;
  /** Bytes of frames waiting for the handler before more are refused as BUSY. */
  maxQueuedBytes: number;
}

/** The socket whose frames come in: where they go and what it says back. */
export interface FrameOwner<F> {
  /** Send the protocol's error frame; with `close`, close the socket after it. */
  fail(code: string, message: string, close?: boolean): void;
  /** The inbound queue overflowed (said once a second): the protocol tells the session's owner. */
  busy(reason: string): void;
  /** One frame, checked; frames are handled one after another. */
  handle(frame: F): Promise<void> | void;
  /** A frame's handler failed with something that is not a ledger refusal (a fault of ours). */
  failed(error: unknown): void;
}

/**
 * One socket's inbound frames, each guard in the order an attacker meets them: the rate (before
 * anything is parsed; one error a second, a flood past twice the budget closes the socket), text
 * only, nesting depth (before `JSON.parse`), the frame schema, and a queue bounded in bytes. The
 * frame's size was bounded by `ws` before this runs. A class whose limits are the endpoint's and
 * whose callbacks are its owner's methods: a server holds one per socket, and closures per socket
 * were most of the live channel's memory above a bare `ws` server (issue 43).
 */
export class FrameIntake<S extends TSchema, F> {
  private readonly rate: { take(): boolean };
  private excess = 0;
  private excessSince = 0;
  private queuedBytes = 0;
  private busySince = 0;
  /** The frames waiting for the handler, in order; none (no promise kept) once they are all handled. */
  private queue: Promise<void> | undefined = undefined;

  constructor(
    private readonly limits: FrameLimits<S>,
    private readonly owner: FrameOwner<F>,
  ) {
    this.rate = createRateBudget(limits.maxFramesPerSecond);
  }

  /** One frame as `ws` gave it. */
  receive(data: { toString(): string }, binary: boolean): void {
    // SECURITY: size is bounded by maxPayload before this runs; the rate before anything is parsed.
    if (!this.rate.take()) return this.limited();
    if (binary) return this.owner.fail('BAD_FRAME', 'frames are JSON text');
    const text = data.toString();
    const decoded = this.decode(text);
    if (!decoded.ok) return;
    // Frames of one socket are handled one after another (answers keep the order of the frames);
    // what waits is bounded in bytes, and said once a second (no amplification).
    if (this.queuedBytes + text.length > this.limits.maxQueuedBytes) return this.overflowed();
    const size = text.length;
    this.queuedBytes += size;
    const { owner } = this;
    this.queue = (this.queue ?? Promise.resolve())
      .then(() => owner.handle(decoded.value as F))
      .catch((error: unknown) => {
        // A typed refusal of the store (a session over its quota, a busy disk) is said with its code; anything else
        // is ours.
        const coded = error instanceof LedgerError ? LEDGER_CODES[error.code] : undefined;
        if (coded !== undefined) return owner.fail(coded, error instanceof Error ? error.message : String(error));
        owner.failed(error);
        owner.fail('BAD_FRAME', 'the server could not handle this frame');
      })
      .finally(() => {
        this.queuedBytes -= size;
        // Nothing waits behind this frame (a frame is counted before it is chained): a socket that
        // is idle keeps no settled promise (48 bytes each; issue 43).
        if (this.queuedBytes === 0) this.queue = undefined;
      });
  }

  private limited(): void {
    const now = Date.now();
    const perSecond = this.limits.maxFramesPerSecond;
    if (now - this.excessSince > 1000) {
      this.excessSince = now;
      this.excess = 0;
    }
    this.excess += 1;
    // One error per second (no amplification); a flood past twice the budget closes the socket.
    if (this.excess === 1)
      this.owner.fail(
        'RATE_LIMITED',
        `more than ${perSecond} frames per second; frames over it are dropped, and a flood closes the socket`,
      );
    if (this.excess > 2 * perSecond) this.owner.fail('RATE_LIMITED', 'flooding: closed', true);
  }

  private decode(text: string): { ok: true; value: unknown } | { ok: false } {
    const { owner } = this;
    if (measureJson(text, MAX_BODY_DEPTH).truncated) {
      owner.fail('BAD_FRAME', `a frame nests deeper than ${MAX_BODY_DEPTH} levels`);
      return { ok: false };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      owner.fail('BAD_FRAME', 'a frame is one JSON object');
      return { ok: false };
    }
    const problem = this.limits.frames.firstError(value);
    if (problem === undefined) return { ok: true, value };
    owner.fail('BAD_FRAME', `the frame does not fit the protocol at ${problem}`);
    return { ok: false };
  }

  private overflowed(): void {
    const now = Date.now();
    if (now - this.busySince <= 1000) return;
    this.busySince = now;
    const max = this.limits.maxQueuedBytes;
    this.owner.busy(`a socket sent more than ${max} bytes of frames faster than they could be handled`);
    this.owner.fail(
      'BUSY',
      `more than ${max} bytes of frames are waiting to be handled; frames over it are dropped, send them again later`,
    );
  }
}
