import type { StatusReason } from '../shared/relay-control.ts';

/**
 * Every code a host-side call can fail with, written once. Hosts switch on `error.code`, never on
 * the message (which is for people and models).
 */
export const HOST_ERROR_CODES = [
  /** The renderer was destroyed; it takes no more generators. */
  'destroyed',
  /** An option is malformed (id, code, channel name, outputs…); `data.option` names it. */
  'invalid-option',
  /** A generator with this id is attached already. */
  'duplicate-id',
  /** No generator with this id is attached (or kept). */
  'unknown-generator',
  /** The generator did not start; `data.reason` is a StatusReason. */
  'start-failed',
  /** The generator is not ready for this call (not initialized, or ended). */
  'not-ready',
  /** The generator did not announce the 1.1 capability the call needs. */
  'unsupported',
  /** A value is larger than the limits allow; `data.limit` names the limit. */
  'limit-exceeded',
  /** A host dialog is open already, or was cancelled. */
  'dialog',
] as const;

/** A host-side error code. */
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

/** Machine-readable details of a host-side error. */
export interface HostErrorData {
  /** Why a generator ended or did not start. */
  reason?: StatusReason;
  /** The option that was wrong. */
  option?: string;
  /** The limit that was exceeded. */
  limit?: string;
  /** The generator concerned. */
  generatorId?: string;
}

/** The error every public renderer call rejects or throws with: a `code` from one closed list plus `data`. */
export class SuipHostError extends Error {
  override readonly name = 'SuipHostError';

  constructor(
    readonly code: HostErrorCode,
    message: string,
    readonly data: HostErrorData = {},
  ) {
    super(message);
  }
}
