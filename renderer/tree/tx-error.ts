import type { SuipErrorObject } from '../../shared/index.ts';

/** Thrown inside the transaction's producer to abort it; immer then discards the draft. */
export class TxError extends Error {
  constructor(readonly error: SuipErrorObject) {
    super(error.message);
  }
}
