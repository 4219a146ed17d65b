import type { SuipErrorObject } from '../../shared/index.ts';

/** Thrown by an op to abort the transaction; its copies are dropped and the input tree stays as it was. */
export class TxError extends Error {
  constructor(readonly error: SuipErrorObject) {
    super(error.message);
  }
}
