import type { TSchema } from '@sinclair/typebox';
import type { Checker } from '../../shared/check.ts';
import { measureJson } from '../../shared/json-shape.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import { LedgerError, type LedgerErrorCode } from '../ledger/ledger.ts';
import { MAX_BODY_DEPTH } from './http-io.ts';

/** Ledger refusals a client is told about, by the code it reads. */
const LEDGER_CODES: Partial<Record<LedgerErrorCode, string>> = { SESSION_QUOTA: 'QUOTA_EXCEEDED', BUSY: 'BUSY' };

/** What one socket's inbound frames go through. */
export interface FrameIntakeOptions<S extends TSchema, F> {
  /** The schema every client frame must fit. */
  frames: Checker<S>;
  /** Frames per second, burst included. */
  maxFramesPerSecond: number;
  /** Bytes of frames waiting for the handler before more are refused as BUSY. */
  maxQueuedBytes: number;
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
 * frame's size was bounded by `ws` before this runs.
 */
export function createFrameIntake<S extends TSchema, F>(
  options: FrameIntakeOptions<S, F>,
): (data: { toString(): string }, binary: boolean) => void {
  const { fail, maxFramesPerSecond, maxQueuedBytes } = options;
  const rate = createRateBudget(maxFramesPerSecond);
  let excess = 0;
  let excessSince = 0;
  let queuedBytes = 0;
  let busySince = 0;
  let queue: Promise<void> = Promise.resolve();

  const limited = () => {
    const now = Date.now();
    if (now - excessSince > 1000) {
      excessSince = now;
      excess = 0;
    }
    excess += 1;
    // One error per second (no amplification); a flood past twice the budget closes the socket.
    if (excess === 1)
      fail(
        'RATE_LIMITED',
        `more than ${maxFramesPerSecond} frames per second; ` +
          `frames over it are dropped, and a flood closes the socket`,
      );
    if (excess > 2 * maxFramesPerSecond) fail('RATE_LIMITED', 'flooding: closed', true);
  };
  const decode = (text: string): { ok: true; value: unknown } | { ok: false } => {
    if (measureJson(text, MAX_BODY_DEPTH).truncated) {
      fail('BAD_FRAME', `a frame nests deeper than ${MAX_BODY_DEPTH} levels`);
      return { ok: false };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      fail('BAD_FRAME', 'a frame is one JSON object');
      return { ok: false };
    }
    const problem = options.frames.firstError(value);
    if (problem === undefined) return { ok: true, value };
    fail('BAD_FRAME', `the frame does not fit the protocol at ${problem}`);
    return { ok: false };
  };
  const overflowed = () => {
    const now = Date.now();
    if (now - busySince <= 1000) return;
    busySince = now;
    options.busy(`a socket sent more than ${maxQueuedBytes} bytes of frames faster than they could be handled`);
    fail(
      'BUSY',
      `more than ${maxQueuedBytes} bytes of frames are waiting to be ` +
        `handled; frames over it are dropped, send them again later`,
    );
  };

  return (data, binary) => {
    // SECURITY: size is bounded by maxPayload before this runs; the rate before anything is parsed.
    if (!rate.take()) return limited();
    if (binary) return fail('BAD_FRAME', 'frames are JSON text');
    const text = data.toString();
    const decoded = decode(text);
    if (!decoded.ok) return;
    // Frames of one socket are handled one after another (answers keep the order of the frames);
    // what waits is bounded in bytes, and said once a second (no amplification).
    if (queuedBytes + text.length > maxQueuedBytes) return overflowed();
    const size = text.length;
    queuedBytes += size;
    queue = queue
      .then(() => options.handle(decoded.value as F))
      .catch((error: unknown) => {
        // A typed refusal of the store (a session over its quota, a busy disk) is said with its code; anything else
        // is ours.
        const coded = error instanceof LedgerError ? LEDGER_CODES[error.code] : undefined;
        if (coded !== undefined) return fail(coded, error instanceof Error ? error.message : String(error));
        options.failed(error);
        fail('BAD_FRAME', 'the server could not handle this frame');
      })
      .finally(() => {
        queuedBytes -= size;
      });
  };
}
