import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunLedger } from './run-ledger.ts';
import { createSecretScrubber } from './secret-scrubber.ts';
import { openSessionStore } from './session-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A ledger over a real SQLite file, recording what it tells the UI and the log. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'suip-ledger-'));
  dirs.push(dir);
  const store = openSessionStore(join(dir, 'runtime.sqlite'));
  const secrets = createSecretScrubber();
  const sent: Array<{ method: string; params: Record<string, unknown> }> = [];
  const logged: Array<Record<string, unknown>> = [];
  const ledger = new RunLedger({
    notify: (method, params) => void sent.push({ method, params: params as Record<string, unknown> }),
    store,
    secrets,
    log: (event) => void logged.push(event),
  });
  return { ledger, store, secrets, sent, logged };
}
const input = (text: string) => ({ input: { type: 'text' as const, text } });

describe('RunLedger: seed 002 run rules', () => {
  it('allows one run at a time (-32001 names the running run) and frees the runtime once it ends', () => {
    const { ledger } = setup();
    const run = ledger.start(input('hello'));
    expect(ledger.active).toBe(run);
    expect(() => ledger.start(input('again'))).toThrow(`run ${run.id} is still running; cancel it or wait`);
    ledger.setStatus(run, 'running');
    ledger.setStatus(run, 'completed');
    expect(ledger.active).toBeUndefined();
    const next = ledger.start(input('again'));
    expect(next.sessionId).toBe(run.sessionId);
  });

  it('numbers events from 0, stores them scrubbed, and emits nothing after a terminal status', () => {
    const { ledger, store, secrets, sent } = setup();
    secrets.add('sk-secret-value-1234');
    const run = ledger.start(input('hi'));
    ledger.emit(run, { type: 'text', content: 'one sk-secret-value-1234' });
    ledger.emit(run, { type: 'text', content: 'two' });
    ledger.setStatus(run, 'error', 'failed with sk-secret-value-1234');
    ledger.emit(run, { type: 'text', content: 'late' });
    ledger.setStatus(run, 'running');
    ledger.context(run, 50);
    expect(sent.map((m) => [m.method, m.params.seq ?? m.params.status])).toEqual([
      ['agent.event', 0],
      ['agent.event', 1],
      ['run.status', 'error'],
    ]);
    expect(JSON.stringify(sent)).not.toContain('sk-secret-value-1234');
    const history = store.history(run.sessionId, 5, 50);
    expect(history.events.map((e) => e.seq)).toEqual([0, 1]);
    expect(JSON.stringify(history)).not.toContain('sk-secret-value-1234');
    expect(history.runs[0]).toMatchObject({ status: 'error', message: 'failed with [secret]' });
  });

  it('cancels a running run (aborting its signal), answers ok:false for an ended run, refuses an unknown id', () => {
    const { ledger, logged } = setup();
    const run = ledger.start(input('hi'));
    expect(ledger.cancel({ run_id: run.id, reason: 'user pressed esc' })).toEqual({ ok: true, status: 'cancelled' });
    expect(run.abort.signal.aborted).toBe(true);
    expect(ledger.cancel({ run_id: run.id })).toEqual({ ok: false, status: 'cancelled' });
    expect(() => ledger.cancel({ run_id: 'run-nope' })).toThrow('no run run-nope');
    expect(logged).toEqual([{ event: 'run-ended', runId: run.id, status: 'cancelled' }]);
  });

  it('continues the last session when run.start names none, and the one a replay resumed', () => {
    const { ledger } = setup();
    const first = ledger.start({ ...input('a'), session_id: 'ses-a' });
    ledger.setStatus(first, 'completed');
    const second = ledger.start(input('b'));
    expect(second.sessionId).toBe('ses-a');
    ledger.setStatus(second, 'completed');
    ledger.resume('ses-b');
    expect(ledger.start(input('c')).sessionId).toBe('ses-b');
  });
});
