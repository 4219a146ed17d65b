import type { EventName, EventPayload } from '../../shared/index.ts';

/**
 * A user event, after the host has already applied `preventDefault` synchronously. `path` is
 * absolute in the merged tree: its first id is the generator's mount id.
 */
export interface ViewEvent {
  path: readonly string[];
  event: EventName;
  handler: string;
  payload: EventPayload;
  /** `KeyboardEvent.key` for keydown. */
  key?: string;
  /**
   * The user declined (Escape, or a modal's Escape/Close): routed like any event, but host-side only
   * (never on the wire) and it grants no user action, so a program cannot answer a no with a dialog.
   */
  declined?: true;
}
