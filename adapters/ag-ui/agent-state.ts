import { applyJsonPatch } from '../../shared/neighbours/ag-ui/json-patch.ts';

/** The agent's shared state as the host keeps it: replaced by a snapshot, patched atomically by a delta. */
export interface AgentStateStore {
  readonly value: unknown;
  /** `STATE_SNAPSHOT`: the new state, or why it was refused (the old state stays). */
  snapshot(value: unknown): string | undefined;
  /** `STATE_DELTA`: applies the RFC 6902 patch whole or not at all; returns why it was refused. */
  delta(operations: unknown): string | undefined;
  /** Hears every accepted change; returns an unsubscribe. */
  subscribe(listener: (value: unknown) => void): () => void;
}

/**
 * Creates the store. Both ways in are bounded: a state whose JSON passes `maxBytes`, or a patch of
 * more than `maxOps` operations, is refused and the state stays exactly as it was, as it does for
 * a patch that fails at any operation (a path that does not exist, a failed `test`, `__proto__`).
 */
export function createAgentState(
  initial: unknown,
  limits: { maxStateBytes: number; maxPatchOps: number },
): AgentStateStore {
  let value = initial;
  const listeners = new Set<(value: unknown) => void>();
  const accept = (next: unknown): string | undefined => {
    const size = JSON.stringify(next)?.length ?? 0;
    if (size > limits.maxStateBytes)
      return `the state would be ${size} characters of JSON, over the bound of ${limits.maxStateBytes}; the state was left unchanged`;
    value = next;
    for (const listener of listeners) listener(value);
    return undefined;
  };
  return {
    get value() {
      return value;
    },
    snapshot: (next) => accept(next),
    delta(operations) {
      const result = applyJsonPatch(value, operations, limits.maxPatchOps, limits.maxStateBytes);
      return result.ok ? accept(result.value) : result.message;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
