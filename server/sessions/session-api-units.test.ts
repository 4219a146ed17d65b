import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.ts';
import { createMemoryLedger } from '../ledger/memory-ledger.ts';
import { drainActions } from './drain-actions.ts';
import { MAX_BATCH, publishEnvelopes } from './publish-envelopes.ts';
import { readSessionEvents } from './read-session-events.ts';
import { appendAction, appendCreated, eventsOf } from './streams.ts';

/** A session whose first two events are actions. */
async function sessionWithActions() {
  const ledger = createMemoryLedger();
  await appendCreated(ledger, 's', 'app');
  await appendAction(ledger, 's', 'tab', { clientSeq: 1, type: 'go' });
  await appendAction(ledger, 's', 'tab', { clientSeq: 2, type: 'go' });
  return ledger;
}

const data = (payload: unknown) => ({ channel: 'c', mode: 'append', payload });

describe('the agent API units', () => {
  it('publishEnvelopes: one envelope answers {seq}, a data batch {seqs} in order', async () => {
    const ledger = createMemoryLedger();
    await appendCreated(ledger, 's', 'app');
    expect(await publishEnvelopes(ledger, 's', 'data', data(1))).toEqual({ seq: 2 });
    expect(await publishEnvelopes(ledger, 's', 'data', [data(2), data(3)])).toEqual({ seqs: [3, 4] });
    expect(await publishEnvelopes(ledger, 's', 'data', [data(4)])).toEqual({ seqs: [5] });
  });

  it('publishEnvelopes: a bad envelope in a batch is named by index and nothing of the batch is recorded', async () => {
    const ledger = createMemoryLedger();
    await appendCreated(ledger, 's', 'app');
    const before = await ledger.last('s');
    await expect(publishEnvelopes(ledger, 's', 'data', [data(1), 7])).rejects.toThrow(
      new HttpError(400, 'BAD_REQUEST', 'envelope 1: the body must be a JSON object'),
    );
    await expect(publishEnvelopes(ledger, 's', 'data', [])).rejects.toThrow(
      `a batch holds 1 to ${MAX_BATCH} envelopes`,
    );
    // An array is a batch for data only: a render must be one object.
    await expect(publishEnvelopes(ledger, 's', 'render', [data(1)])).rejects.toThrow('the body must be a JSON object');
    expect(await ledger.last('s')).toBe(before);
  });

  it('drainActions: consumes the actions up to `through` once; a second drain finds nothing new', async () => {
    const ledger = await sessionWithActions();
    expect(await drainActions(ledger, 's', 1)).toEqual({ drained: 1, sequence: 1 });
    expect(await drainActions(ledger, 's', 1)).toEqual({ drained: 0, sequence: 1 });
    // The walk reads on past the first drain's own event (3): the drained position is the last event read.
    expect(await drainActions(ledger, 's', 99)).toEqual({ drained: 1, sequence: 3 });
    const kinds = (await ledger.read(eventsOf('s'), 0)).entries.map((entry) => entry.kind);
    expect(kinds).toEqual(['action', 'action', 'drain', 'drain']);
  });

  it('readSessionEvents: actions or all events; a cursor ahead says `ahead`; an unknown session is 404', async () => {
    const ledger = await sessionWithActions();
    await drainActions(ledger, 's', 2);
    const actions = await readSessionEvents(ledger, 's', 'actions', 0);
    expect((actions.actions as Array<{ kind: string }>).map((event) => event.kind)).toEqual(['action', 'action']);
    expect(actions).toMatchObject({ next: 3, last: 3, truncated: false });
    const events = await readSessionEvents(ledger, 's', 'events', 2);
    expect((events.events as Array<{ sequence: number }>).map((event) => event.sequence)).toEqual([3]);
    expect(await readSessionEvents(ledger, 's', 'events', 50)).toEqual({
      events: [],
      next: 3,
      last: 3,
      truncated: false,
      ahead: true,
    });
    await expect(readSessionEvents(ledger, 'nope', 'events', 0)).rejects.toThrow('no session "nope"');
  });
});
