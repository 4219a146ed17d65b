import { nothing } from 'lit';
import { Directive, PartType, directive, type ChildPart, type PartInfo } from 'lit/directive.js';

const patched = new WeakSet<Node>();

/**
 * Make keyed moves inside `parent` state-preserving. Lit's `repeat` moves a node with
 * `insertBefore`, which is a remove + insert: the browser blurs a focused input and drops its
 * caret. Where `moveBefore` exists (Chromium 133+) the same move is atomic and keeps focus,
 * caret, selection and media state. Only the containers the view renders into are patched (an
 * own property), never `Node.prototype` of the host page.
 */
export function enableAtomicMoves(parent: Node): void {
  if (patched.has(parent)) return;
  patched.add(parent);
  const move = (parent as { moveBefore?: (node: Node, ref: Node | null) => void }).moveBefore;
  if (typeof move !== 'function') return;
  Object.defineProperty(parent, 'insertBefore', {
    configurable: true,
    value<T extends Node>(this: Node, node: T, ref: Node | null): T {
      if (node.parentNode === this && node.isConnected) {
        try {
          move.call(this, node, ref);
          return node;
        } catch {
          // Not movable atomically (e.g. across documents): fall back to a plain insert.
        }
      }
      return Node.prototype.insertBefore.call(this, node, ref) as T;
    },
  });
}

class AtomicMovesDirective extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('atomicMoves() only works in child position');
  }

  render(value: unknown): unknown {
    return value ?? nothing;
  }

  override update(part: ChildPart, [value]: [unknown]): unknown {
    const parent = part.parentNode;
    if (parent) enableAtomicMoves(parent);
    return value;
  }
}

/** Wrap a `repeat(...)` so its keyed moves keep focus and caret (see `enableAtomicMoves`). */
export const atomicMoves = directive(AtomicMovesDirective);
