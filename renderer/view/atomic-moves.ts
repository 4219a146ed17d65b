const patched = new WeakSet<Node>();

/**
 * Make keyed moves inside `parent` state-preserving. Lit's `repeat` moves a node with
 * `insertBefore`, which is a remove + insert: the browser blurs a focused input and drops its
 * caret. Where `moveBefore` exists (Chromium 133+) the same move is atomic and keeps focus,
 * caret, selection and media state; elsewhere the focused control is refocused and its selection
 * restored right after the move. Only the containers the view renders into are patched (an
 * own property), never `Node.prototype` of the host page.
 */
export function enableAtomicMoves(parent: Node): void {
  if (patched.has(parent)) return;
  patched.add(parent);
  const move = (parent as { moveBefore?: (node: Node, ref: Node | null) => void }).moveBefore;
  Object.defineProperty(parent, 'insertBefore', {
    configurable: true,
    value<T extends Node>(this: Node, node: T, ref: Node | null): T {
      // A move between two containers in the document (a chunk of a long list, list-chunks.ts) is atomic too.
      if (node.isConnected && (node.parentNode === this || (this.isConnected && node.parentNode !== null))) {
        if (typeof move === 'function') {
          try {
            move.call(this, node, ref);
            return node;
          } catch {
            // Not movable atomically: fall through to insert + focus restore.
          }
        }
        return insertKeepingFocus(this, node, ref);
      }
      return Node.prototype.insertBefore.call(this, node, ref) as T;
    },
  });
}

/** The focused element and the shadow hosts leading to it, outermost first. */
function activeChain(): Element[] {
  const chain: Element[] = [];
  for (let el = document.activeElement; el; el = el.shadowRoot?.activeElement ?? null) chain.push(el);
  return chain;
}

/** Without `moveBefore`: move, then give focus and the text selection back to the moved control. */
function insertKeepingFocus<T extends Node>(parent: Node, node: T, ref: Node | null): T {
  const chain = activeChain();
  const inside = chain.some((el) => (node as Node) === el || node.contains(el));
  const active = chain.at(-1) as
    | (HTMLElement &
        Partial<Pick<HTMLInputElement, 'selectionStart' | 'selectionEnd' | 'selectionDirection' | 'setSelectionRange'>>)
    | undefined;
  const selection =
    inside && active && typeof active.selectionStart === 'number'
      ? ([
          active.selectionStart,
          active.selectionEnd ?? active.selectionStart,
          active.selectionDirection ?? 'none',
        ] as const)
      : undefined;
  Node.prototype.insertBefore.call(parent, node, ref);
  if (inside && active && active.isConnected && activeChain().at(-1) !== active) {
    active.focus({ preventScroll: true });
    if (selection) {
      try {
        active.setSelectionRange?.(selection[0], selection[1], selection[2]);
      } catch {
        // Inputs of types without a selection (e.g. email in some browsers).
      }
    }
  }
  return node;
}
