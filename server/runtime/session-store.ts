import Database from 'better-sqlite3';
import type { AgentEvent } from '../../shared/neighbours/runtime-ui/schemas.ts';

/** One session as `session.list` shows it. */
export interface SessionRow {
  session_id: string;
  updated_at: string;
  run_id?: string;
  message_count: number;
  last_user_message?: string;
}

/** One stored event of a run. */
export interface StoredEvent {
  run_id: string;
  seq: number;
  event: AgentEvent;
}

/** One run as `session.history` replays it. */
export interface StoredRun {
  run_id: string;
  user_message: string;
  status: string;
  message?: string;
}

/** The runtime's sessions, runs and their agent events, in one SQLite file. */
export interface SessionStore {
  /** The session (created when new) a run belongs to. */
  ensureSession(sessionId: string, workspaceRoot: string | undefined, now: string): void;
  startRun(runId: string, sessionId: string, userMessage: string, now: string): void;
  appendEvent(runId: string, seq: number, event: AgentEvent): void;
  /** A run ended: its terminal status, and the status message (already scrubbed) when there was one. */
  finishRun(runId: string, status: string, now: string, message?: string): void;
  list(limit: number, workspaceRoot?: string): SessionRow[];
  /**
   * The newest `maxRuns` runs of a session (oldest first), each with its stored status (`running`
   * for one that never ended: it runs now, or its process died), and their events, at most `maxEvents` in all.
   */
  history(
    sessionId: string,
    maxRuns: number,
    maxEvents: number,
  ): { runs: StoredRun[]; events: StoredEvent[]; truncated: boolean };
  /** The user and assistant turns of a session (for the model's context). */
  turns(sessionId: string, maxRuns: number): Array<{ user: string; assistant: string }>;
  close(): void;
}

/**
 * SQLite (better-sqlite3, WAL) store of what `session.list` and `session.history` return. Only
 * agent events are stored: answers to UI requests (a secret prompt's value) are never written.
 */
export function openSessionStore(file: string): SessionStore {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, workspace_root TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS runs (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, user_message TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, n INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS runs_by_session ON runs (session_id, n);
    CREATE TABLE IF NOT EXISTS events (run_id TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (run_id, seq));
  `);
  // Files written before runs kept their status message get the column (empty for their runs).
  const columns = db
    .prepare<[], { name: string }>('PRAGMA table_info(runs)')
    .all()
    .map((c) => c.name);
  if (!columns.includes('status_message')) db.exec('ALTER TABLE runs ADD COLUMN status_message TEXT');
  const q = {
    ensure: db.prepare(
      'INSERT INTO sessions (id, workspace_root, created_at, updated_at) VALUES (?, ?, ' +
        '?, ?) ON CONFLICT(id) DO UPDATE SET updated_at = excluded.updated_at',
    ),
    touch: db.prepare('UPDATE sessions SET updated_at = ? WHERE id = ?'),
    start: db.prepare(
      'INSERT INTO runs (id, session_id, user_message, status, ' +
        'created_at, n) VALUES (?, ?, ?, ?, ?, (SELECT COUNT(*) FROM runs))',
    ),
    event: db.prepare('INSERT OR IGNORE INTO events (run_id, seq, event) VALUES (?, ?, ?)'),
    finish: db.prepare('UPDATE runs SET status = ?, status_message = ? WHERE id = ?'),
    sessionOf: db.prepare<[string], { session_id: string }>('SELECT session_id FROM runs WHERE id = ?'),
    list: db.prepare<
      [string | null, string | null, number],
      { id: string; updated_at: string; run_id: string | null; message_count: number; last_user_message: string | null }
    >(`
      SELECT s.id, s.updated_at,
        (SELECT r.id FROM runs r WHERE r.session_id = s.id ORDER BY r.n DESC LIMIT 1) AS run_id,
        (SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id) AS message_count,
        (SELECT r.user_message FROM runs r WHERE r.session_id = s.id ORDER BY r.n DESC LIMIT 1) AS last_user_message
      FROM sessions s WHERE (? IS NULL OR s.workspace_root = ? OR s.workspace_root IS NULL) ORDER BY s.updated_at DESC LIMIT ?`),
    runs: db.prepare<
      [string, number],
      { id: string; user_message: string; status: string; status_message: string | null }
    >(
      'SELECT id, user_message, status, status_message FROM (SELECT id, user_message, status, ' +
        'status_message, n FROM runs WHERE session_id = ? ORDER BY n DESC LIMIT ?) ORDER BY n',
    ),
    events: db.prepare<[string], { run_id: string; seq: number; event: string }>(
      'SELECT run_id, seq, event FROM events WHERE run_id = ? ORDER BY seq',
    ),
  };
  return {
    ensureSession: (sessionId, workspaceRoot, now) => void q.ensure.run(sessionId, workspaceRoot ?? null, now, now),
    startRun(runId, sessionId, userMessage, now) {
      q.start.run(runId, sessionId, userMessage, 'running', now);
      q.touch.run(now, sessionId);
    },
    appendEvent: (runId, seq, event) => void q.event.run(runId, seq, JSON.stringify(event)),
    finishRun(runId, status, now, message) {
      q.finish.run(status, message ?? null, runId);
      const row = q.sessionOf.get(runId);
      if (row) q.touch.run(now, row.session_id);
    },
    list(limit, workspaceRoot) {
      return q.list.all(workspaceRoot ?? null, workspaceRoot ?? null, limit).map((r) => ({
        session_id: r.id,
        updated_at: r.updated_at,
        ...(r.run_id ? { run_id: r.run_id } : {}),
        message_count: r.message_count,
        ...(r.last_user_message ? { last_user_message: r.last_user_message.slice(0, 200) } : {}),
      }));
    },
    history(sessionId, maxRuns, maxEvents) {
      const runs = q.runs.all(sessionId, maxRuns);
      const events: StoredEvent[] = [];
      let truncated = false;
      for (const run of runs) {
        for (const row of q.events.all(run.id)) {
          if (events.length >= maxEvents) {
            truncated = true;
            break;
          }
          events.push({ run_id: row.run_id, seq: row.seq, event: JSON.parse(row.event) as AgentEvent });
        }
      }
      return {
        runs: runs.map((r) => ({
          run_id: r.id,
          user_message: r.user_message,
          status: r.status,
          ...(r.status_message ? { message: r.status_message } : {}),
        })),
        events,
        truncated,
      };
    },
    turns(sessionId, maxRuns) {
      return q.runs.all(sessionId, maxRuns).map((run) => {
        const final = q.events
          .all(run.id)
          .map((e) => JSON.parse(e.event) as AgentEvent)
          .filter((e) => e.type === 'text');
        return { user: run.user_message, assistant: final.map((e) => ('content' in e ? e.content : '')).join('\n') };
      });
    },
    close: () => db.close(),
  };
}
