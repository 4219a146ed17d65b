import { HttpError } from '../http/http-error.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { checkPublish, type Publish } from './publish.ts';
import { appendData, appendProps, appendRender } from './streams.ts';

/** Frames one `POST …/data` may carry (an array body). */
export const MAX_BATCH = 1000;

/** What an agent publishes into a session: a render, props, or data. */
export type PublishKind = Publish['kind'];

/** One checked envelope into the session's streams; a render or props lands with its event in one transaction. */
function publishOne(ledger: Ledger, sessionId: string, item: Publish): Promise<number> {
  if (item.kind === 'render') return appendRender(ledger, sessionId, item.body);
  if (item.kind === 'props') return appendProps(ledger, sessionId, item.body);
  return appendData(ledger, sessionId, item.body);
}

/**
 * Check then record what `POST /api/sessions/<id>/<kind>` carries: one envelope, or for `data` an
 * ordered batch of 1 to `MAX_BATCH`. Every envelope is checked before any is recorded, so a bad
 * one (named by its index in a batch) records nothing. Answers `{seq}` for one envelope, `{seqs}` for a batch.
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
  const seqs: number[] = [];
  for (const item of checked) seqs.push(await publishOne(ledger, sessionId, item));
  return items.length === 1 && !Array.isArray(body) ? { seq: seqs[0]! } : { seqs };
}
