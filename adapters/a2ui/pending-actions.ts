/** Where a v0.10 action's answer goes: its surface and its `responsePath` pointer. */
export interface PendingAction {
  surfaceId: string;
  pointer?: string;
}

/** Unanswered actions kept at once; past it the oldest wait is dropped. */
export const MAX_PENDING_ACTIONS = 1000;

/**
 * v0.10 actions sent with `wantResponse` and waiting for their `actionResponse`: each gets a fresh
 * `actionId`, and each id is answered once (`take`).
 */
export class PendingActions {
  readonly #waiting = new Map<string, PendingAction>();
  #issued = 0;

  /** Registers an action waiting for its answer and returns its new `actionId`. */
  register(waiting: PendingAction): string {
    this.#issued += 1;
    const actionId = `a${this.#issued}`;
    this.#waiting.set(actionId, waiting);
    // SECURITY: unanswered actions cannot grow the map without bound; the oldest wait is dropped.
    if (this.#waiting.size > MAX_PENDING_ACTIONS) this.#waiting.delete(this.#waiting.keys().next().value!);
    return actionId;
  }

  /** The action waiting under `actionId`, removed (undefined when none waits: unknown or already answered). */
  take(actionId: string): PendingAction | undefined {
    const waiting = this.#waiting.get(actionId);
    this.#waiting.delete(actionId);
    return waiting;
  }
}
