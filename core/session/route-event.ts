import { isGroup, type EventParams, type GroupParticle } from '../../shared/index.ts';
import { lookup } from '../tree/index.ts';
import type { ViewEvent } from './view-event.ts';

/** The part of a session that receives events. */
export interface EventSink {
  readonly ready: boolean;
  sendEvent(params: EventParams): void;
}

/**
 * Send a DOM event to the generator that owns it, and only to it: the first id of the absolute
 * path names the generator, and the rest is relative to its root.
 */
export function routeEvent(
  merged: GroupParticle,
  event: ViewEvent,
  sessionOf: (generatorId: string) => EventSink | undefined,
): boolean {
  const [generatorId, ...path] = event.path;
  if (generatorId === undefined) return false;
  const session = sessionOf(generatorId);
  if (session === undefined || !session.ready) return false;
  // SECURITY: the handler must be the one the owner's tree holds at that path right now, so no
  // view bug or stale DOM node can hand one generator's event (or handler id) to another.
  const node = lookup(merged, event.path);
  if (node === undefined || !isGroup(node) || node.on === undefined || !Object.hasOwn(node.on, event.event))
    return false;
  if (node.on[event.event]?.handler !== event.handler) return false;
  session.sendEvent({
    handler: event.handler,
    path,
    event: event.event,
    payload: event.payload,
    ...(event.key !== undefined ? { key: event.key } : {}),
  });
  return true;
}
