import { describe, expect, it } from 'vitest';
import { replayedStatus } from './session-replay.ts';
import type { Run } from './run-ledger.ts';

const stored = (status: string, message?: string) => ({ run_id: 'run-1', user_message: 'hi', status, message });
const live = (status: Run['status']): Run => ({
  id: 'run-1',
  sessionId: 'ses-1',
  seq: 0,
  status,
  abort: new AbortController(),
});

describe('replayedStatus: how a replayed run ends', () => {
  it('keeps a stored terminal status and its message', () => {
    expect(replayedStatus(stored('cancelled', 'by the UI'), undefined)).toEqual({
      status: 'cancelled',
      message: 'by the UI',
    });
    expect(replayedStatus(stored('completed'), undefined)).toEqual({ status: 'completed' });
  });

  it('ends a run stored as running that no process runs with an error, and leaves the live one open', () => {
    expect(replayedStatus(stored('running'), undefined)).toMatchObject({
      status: 'error',
      message: expect.stringContaining('this run was interrupted'),
    });
    expect(replayedStatus(stored('running'), live('running'))).toBeUndefined();
    expect(replayedStatus(stored('running'), live('cancelled'))?.status).toBe('error');
  });
});
