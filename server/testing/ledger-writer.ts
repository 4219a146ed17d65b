import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';
import { appendRender } from '../sessions/streams.ts';

/**
 * A writing process for the kill -9 tests: appends to a session as fast as it can and prints each
 * acknowledged sequence number, until it is killed. Arguments: the SQLite file, the session id,
 * and what to append: `data` (one entry each, the default) or `render` (a render frame with its
 * event, `appendRender`'s one transaction over two streams).
 */
const [file, session, mode = 'data'] = process.argv.slice(2);
const ledger = createSqliteLedger(file!);
for (let i = 1; ; i += 1) {
  const seq =
    mode === 'render'
      ? await appendRender(ledger, session!, { session: { runtime: 'suip/1.0', componentCode: `render ${i}` } })
      : await ledger.append(session!, 'data', JSON.stringify({ at: Date.now() }));
  process.stdout.write(`${seq}\n`);
}
