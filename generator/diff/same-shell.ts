import { EVENT_NAMES, type EventHandler, type EventHandlers, type GroupParticle } from '../../shared/index.ts';

function sameHandler(a: EventHandler | undefined, b: EventHandler | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (a.handler !== b.handler || a.preventDefault !== b.preventDefault || a.data !== b.data) return false;
  if (a.keys === b.keys) return true;
  if (a.keys === undefined || b.keys === undefined || a.keys.length !== b.keys.length) return false;
  return a.keys.every((key, i) => key === b.keys![i]);
}

function sameHandlers(a: EventHandlers | undefined, b: EventHandlers | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  // Own keys only, and only the names the wire allows: `on` came from model code.
  if (Object.keys(a).length !== Object.keys(b).length) return false;
  return EVENT_NAMES.every(
    (name) => Object.hasOwn(a, name) === Object.hasOwn(b, name) && sameHandler(a[name], b[name]),
  );
}

/**
 * True when two groups have the same `type` and `on`: the parts of a group no op can change in
 * place, so a difference there makes the diff `replace` the group.
 */
export function sameShell(prev: GroupParticle, next: GroupParticle): boolean {
  return prev.type === next.type && sameHandlers(prev.on, next.on);
}
