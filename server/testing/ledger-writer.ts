import { createSqliteLedger } from '../ledger/sqlite-ledger.ts';

/**
 * A writing process for the kill -9 test: appends to a session as fast as it can and prints each
 * acknowledged sequence number, until it is killed. Arguments: the SQLite file, the session id.
 */
const [file, session] = process.argv.slice(2);
const ledger = createSqliteLedger(file!);
for (;;) {
  const seq = await ledger.append(session!, 'data', JSON.stringify({ at: Date.now() }));
  process.stdout.write(`${seq}\n`);
}
