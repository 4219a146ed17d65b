import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';
import { publishEnvelopes } from '../sessions/publish-envelopes.ts';
import { appendRender } from '../sessions/streams.ts';

/**
 * A writing process for the kill -9 tests: appends to a session as fast as it can and prints each
 * acknowledged sequence number, until it is killed. Arguments: the SQLite file, the session id,
 * and what to append: `data` (one entry each, the default), `render` (a render frame with its
 * event, `appendRender`'s one transaction over two streams) or `batch` (a data batch of
 * 10 envelopes, as `POST …/data` records it; the last number of each is printed), then where the
 * ledger commits: `thread` (the default) or `loop` (`SqliteLedgerOptions.commitOn`).
 */
const BATCH = 10;
const [file, session, mode = 'data', commitOn = 'thread'] = process.argv.slice(2);
const ledger = createSqliteLedger(file!, { commitOn: commitOn === 'loop' ? 'loop' : 'thread' });
const batchOf = (i: number) =>
  Array.from({ length: BATCH }, (_, j) => ({ channel: 'ticks', mode: 'append', payload: { i, j } }));
const lastOf = (answer: { seq: number } | { seqs: number[] }) => ('seqs' in answer ? answer.seqs.at(-1)! : answer.seq);
for (let i = 1; ; i += 1) {
  const seq =
    mode === 'render'
      ? await appendRender(ledger, session!, { session: { runtime: 'suip/1.0', componentCode: `render ${i}` } })
      : mode === 'batch'
        ? lastOf(await publishEnvelopes(ledger, session!, 'data', batchOf(i)))
        : await ledger.append(session!, 'data', JSON.stringify({ at: Date.now() }));
  process.stdout.write(`${seq}\n`);
}
