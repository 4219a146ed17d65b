/**
 * Debounced `input` events. Typing must not flood the generator with one message per key, yet
 * nothing may be lost: a pending input fires before any `change` or `submit` is emitted.
 */
const pending = new Map<object, { timer: ReturnType<typeof setTimeout>; fire: () => void }>();

/** Delay after the last keystroke before an `input` event is sent. */
export const INPUT_DEBOUNCE_MS = 150;

/** Schedule `fire` for `owner`, replacing a pending one (the value is read when it fires). */
export function debounceInput(owner: object, fire: () => void, ms = INPUT_DEBOUNCE_MS): void {
  const previous = pending.get(owner);
  if (previous) clearTimeout(previous.timer);
  const timer = setTimeout(() => {
    pending.delete(owner);
    fire();
  }, ms);
  pending.set(owner, { timer, fire });
}

/** Fire every pending input now, in the order they were first scheduled. */
export function flushInputs(): void {
  for (const [owner, entry] of [...pending]) {
    clearTimeout(entry.timer);
    pending.delete(owner);
    entry.fire();
  }
}
