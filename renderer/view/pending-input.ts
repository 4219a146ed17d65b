/**
 * Debounced `input` events. Typing must not flood the generator with one message per key, yet
 * nothing may be lost: a pending input fires before any `change` or `submit` is emitted. The
 * pending inputs belong to one view (its context): two renderers on a page never flush each
 * other's, and a program's `change` only follows its own renderer's typing.
 */

/** Delay after the last keystroke before an `input` event is sent. */
export const INPUT_DEBOUNCE_MS = 150;

/** One view's pending inputs. */
export class PendingInputs {
  private readonly pending = new Map<object, { timer: ReturnType<typeof setTimeout>; fire: () => void }>();

  /** Schedule `fire` for `owner`, replacing a pending one (the value is read when it fires). */
  debounce(owner: object, fire: () => void, ms = INPUT_DEBOUNCE_MS): void {
    const previous = this.pending.get(owner);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => {
      this.pending.delete(owner);
      fire();
    }, ms);
    this.pending.set(owner, { timer, fire });
  }

  /** Fire every pending input now, in the order they were first scheduled. */
  flush(): void {
    for (const [owner, entry] of [...this.pending]) {
      clearTimeout(entry.timer);
      this.pending.delete(owner);
      entry.fire();
    }
  }

  /** How many inputs wait (tests). */
  get size(): number {
    return this.pending.size;
  }
}

const byView = new WeakMap<object, PendingInputs>();

/** The pending inputs of the view whose context is `context`. */
export function pendingInputsOf(context: object): PendingInputs {
  let inputs = byView.get(context);
  if (inputs === undefined) byView.set(context, (inputs = new PendingInputs()));
  return inputs;
}
