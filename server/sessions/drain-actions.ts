import type { Ledger } from '../ledger/ledger.ts';
import { HEAD_DRAINED, appendDrain, eventsOf } from './streams.ts';

/** What a drain answers: how many actions it consumed, and the event sequence it drained through. */
export interface DrainResult {
  drained: number;
  sequence: number;
}

/** Actions read from the events per ledger read while a drain walks them. */
const PAGE = 1000;

/**
 * Consume the actions of `sessionId` up to event `through`: the ones after the last drain are
 * collected and recorded as one drain (an event agents see and a `drain_ack` frame pages clear
 * their pending marks by). Nothing new to consume records nothing and answers the last drain's position.
 */
export async function drainActions(ledger: Ledger, sessionId: string, through: number): Promise<DrainResult> {
  const events = eventsOf(sessionId);
  const heads = await ledger.heads(events);
  const drained = heads[HEAD_DRAINED];
  const from = drained === undefined ? 0 : (JSON.parse(drained.payload) as { sequence: number }).sequence;
  const actions: Array<{ clientId: string; clientSeq: number }> = [];
  let cursor = from;
  while (cursor < through) {
    const { entries } = await ledger.read(events, cursor, PAGE);
    if (entries.length === 0) break;
    for (const entry of entries) {
      if (entry.seq > through) break;
      cursor = entry.seq;
      if (entry.kind !== 'action') continue;
      const action = JSON.parse(entry.payload) as { clientId: string; clientSeq: number };
      actions.push({ clientId: action.clientId, clientSeq: action.clientSeq });
    }
    if (entries.at(-1)!.seq >= through) break;
  }
  if (actions.length === 0) return { drained: 0, sequence: from };
  // The drain is an event (agents see it) and a frame (pages clear their pending marks).
  await appendDrain(ledger, sessionId, { sequence: cursor, actions });
  return { drained: actions.length, sequence: cursor };
}
