import { Method, OP_METHODS, type Op } from '../../shared/index.ts';
import {
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  unmountGenerator,
  type MergedTree,
  type TransactionOptions,
} from '../../renderer/headless.ts';

/**
 * A second merged tree rebuilt from nothing but the op log: every `in` message that carried ops
 * is applied as one transaction, exactly as the renderer applies it. When the mirror equals
 * `renderer.snapshot()`, the log holds everything that crossed the wire (the devtools' own
 * consistency check, shown in the inspector and asserted by the e2e suite).
 */
export class WireMirror {
  tree: MergedTree = createMergedTree();
  /** Transactions the mirror rejected (the renderer rejects the same ones). */
  rejected = 0;

  constructor(private readonly options: TransactionOptions = {}) {}

  /** Feeds one log line. */
  feed(generatorId: string, direction: 'in' | 'out' | 'life', text: string): void {
    if (direction === 'life') {
      if (text === 'unmounted') this.tree = unmountGenerator(this.tree, generatorId);
      return;
    }
    if (direction !== 'in') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    const items = Array.isArray(value) ? value : [value];
    const ops: Op[] = [];
    for (const item of items) {
      if (typeof item !== 'object' || item === null) continue;
      const { method, params } = item as { method?: unknown; params?: unknown };
      if (method === Method.initialize) {
        // A new lifetime of this generator id starts from an empty root.
        this.tree = mountGenerator(unmountGenerator(this.tree, generatorId), generatorId);
      }
      if (typeof method === 'string' && OP_METHODS.has(method)) ops.push({ method, params } as Op);
    }
    if (ops.length === 0) return;
    const result = applyGeneratorTransaction(this.tree, generatorId, ops, this.options);
    if (result.ok) this.tree = result.tree;
    else this.rejected += 1;
  }

  /** Forgets everything. */
  reset(): void {
    this.tree = createMergedTree();
    this.rejected = 0;
  }
}
