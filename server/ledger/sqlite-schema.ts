import type Database from 'better-sqlite3';

/**
 * The SQLite ledger's tables. `entries` holds the window of each session; `heads` its newest
 * number, kept bytes (the quota), action-key counter and the commit that last touched it (`ver`,
 * from the one-row `commits` counter every write transaction bumps), so one watcher can ask
 * "which sessions changed since commit N" through an index instead of polling per tail.
 */
const TABLES = `CREATE TABLE IF NOT EXISTS entries (session TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (session, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS heads (session TEXT PRIMARY KEY, last INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS state_heads (session TEXT NOT NULL, name TEXT NOT NULL, seq INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (session, name)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS action_keys (session TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (session, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS commits (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT OR IGNORE INTO commits (id, n) VALUES (1, 0);`;

/** Columns added after the first release: a file written by an older server gains them (its old rows count 0 bytes). */
const COLUMNS: Array<[table: string, column: string, declaration: string]> = [
  ['entries', 'size', 'INTEGER NOT NULL DEFAULT 0'],
  ['heads', 'bytes', 'INTEGER NOT NULL DEFAULT 0'],
  ['heads', 'actions', 'INTEGER NOT NULL DEFAULT 0'],
  ['heads', 'ver', 'INTEGER NOT NULL DEFAULT 0'],
  ['state_heads', 'size', 'INTEGER NOT NULL DEFAULT 0'],
  ['action_keys', 'n', 'INTEGER NOT NULL DEFAULT 0'],
  ['entries', 'pin', 'INTEGER NOT NULL DEFAULT 0'],
  ['heads', 'released', 'INTEGER NOT NULL DEFAULT 0'],
];

const INDEXES = `CREATE INDEX IF NOT EXISTS heads_ver ON heads (ver);
CREATE INDEX IF NOT EXISTS action_keys_n ON action_keys (session, n);
CREATE INDEX IF NOT EXISTS entries_pin ON entries (session, seq) WHERE pin = 1;`;

/**
 * Open the file's schema (create or upgrade) in one immediate transaction, so two processes starting at once do not
 * race.
 */
export function ensureSchema(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.transaction(() => {
    db.exec(TABLES);
    for (const [table, column, declaration] of COLUMNS) {
      const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
      if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${declaration}`);
    }
    db.exec(INDEXES);
  }).immediate();
}
