import { HttpError } from '../http/http-error.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { checkPublish, type Publish } from './publish.ts';
import { appendData, appendProps, appendRender, type DataBody } from './streams.ts';

/** Frames one `POST …/data` may carry (an array body). */
export const MAX_BATCH = 1000;

/** What an agent publishes into a session: a render, props, or data. */
export type PublishKind = Publish['kind'];

/**
 * Checked envelopes into the session's streams: a render or props lands with its event in one
 * transaction; a data batch is one transaction of its own (not one per envelope: a batch of 100 on
 * SQLite was 100 sequential commits, each waiting for its own fsync).
 */
async function publishChecked(ledger: Ledger, sessionId: string, checked: Publish[]): Promise<number[]> {
  const first = checked[0]!;
  if (first.kind === 'render') return [await appendRender(ledger, sessionId, first.body)];
  if (first.kind === 'props') return [await appendProps(ledger, sessionId, first.body)];
  // Only `data` may be a batch, so every envelope here is data.
  return appendData(
    ledger,
    sessionId,
    checked.map((item) => item.body as DataBody),
  );
}

/**
 * Check then record what `POST /api/sessions/<id>/<kind>` carries: one envelope, or for `data` an
 * ordered batch of 1 to `MAX_BATCH`. Every envelope is checked before any is recorded, so a bad
 * one (named by its index in a batch) records nothing, and a batch is recorded in one transaction.
 * Answers `{seq}` for one envelope, `{seqs}` for a batch.
 */
export async function publishEnvelopes(
  ledger: Ledger,
  sessionId: string,
  kind: PublishKind,
  body: unknown,
): Promise<{ seq: number } | { seqs: number[] }> {
  const items = kind === 'data' && Array.isArray(body) ? body : [body];
  if (items.length === 0 || items.length > MAX_BATCH)
    throw new HttpError(400, 'BAD_REQUEST', `a batch holds 1 to ${MAX_BATCH} envelopes`);
  const checked: Publish[] = [];
  for (const [index, item] of items.entries()) {
    const result = checkPublish(kind, item);
    if (!result.ok)
      throw new HttpError(400, 'BAD_REQUEST', items.length > 1 ? `envelope ${index}: ${result.error}` : result.error);
    checked.push(result.value);
  }
  const seqs = await publishChecked(ledger, sessionId, checked);
  return items.length === 1 && !Array.isArray(body) ? { seq: seqs[0]! } : { seqs };
}
