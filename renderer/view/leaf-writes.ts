import type { GroupParticle } from '../../shared/index.ts';
import type { ViewChanges } from '../../core/tree/view-changes.ts';
import type { SuipTree } from './suip-tree.ts';
import type { ViewContext } from './view-context.ts';

/**
 * Most distinct leaves plus structural edits one frame writes directly; a frame with more (many
 * streams, a burst) is shown through the tree, so the record of changes stays small.
 */
export const MAX_LEAF_WRITES = 64;

/** The streaming fast path between transactions and the view (see `createLeafWrites`). */
export interface LeafWrites {
  /**
   * A transaction changed the tree: what it did, named by `viewChanges` (the leaves it appended
   * text to, the children it inserted, moved or removed), or undefined for any other change.
   */
  changed(changes: ViewChanges | undefined): void;
  /**
   * Show `tree`, the newest merged tree, at the frame's one view update. True when every change
   * since the tree last shown was written directly; false when nothing was written and the
   * caller must set `view.root = tree` (the tree's own update, forwarding or rendering). Either
   * way `tree` is the one shown afterwards.
   */
  show(tree: GroupParticle): boolean;
}

/**
 * frame-writes.ts once loaded; null while loading (or if it failed to load: frames are then rendered through the tree).
 */
let frameWrites: typeof import('./frame-writes.ts') | null | undefined;

function loadFrameWrites(): null {
  frameWrites = null;
  import('./frame-writes.ts').then(
    (module) => (frameWrites = module),
    () => undefined,
  );
  return null;
}

/**
 * The streaming fast path (issue 31): a frame whose transactions only appended text to leaves on
 * screen and inserted, moved or removed children of plain keyed lists on screen is shown by
 * writing exactly that — a plain paragraph gets one `Text.appendData` (`SuipText.writeParticle`),
 * a list gets its new child's part inserted, its removed one dropped, its moved one moved
 * (`KeyedList.applyEdits`, no pass over its other children) — while every group on their paths,
 * `<suip-tree>` included, takes its new particle and updates its records (the tree's shown mounts,
 * each keyed list's ids and shown particles) without an update. The general path reaches the same
 * DOM through one Lit update per group down the path (tree, mount, list, item), the list's being a
 * keyed pass over all its children. A replacement, a slot, a template that reads the children, a
 * leaf or list not built yet: anything else goes through the tree as before, whose records are
 * then exact, so it forwards rather than rebuilds. All or nothing: a frame is planned whole before
 * anything is written.
 */
export function createLeafWrites(view: SuipTree, context: ViewContext): LeafWrites {
  let shown: GroupParticle | undefined;
  // The leaves appended to since `shown` (by a key of their path) and the edits, in order; undefined: something else
  // changed.
  let pending: { leaves: Map<string, readonly string[]>; edits: ViewChanges[]; count: number } | undefined;
  return {
    changed(changes) {
      if (changes === undefined || pending === undefined) {
        pending = undefined;
        return;
      }
      for (const path of changes.leaves) pending.leaves.set(JSON.stringify(path), path);
      if (changes.edits.length > 0) {
        pending.edits.push(changes);
        pending.count += changes.edits.length;
      }
      if (pending.leaves.size + pending.count > MAX_LEAF_WRITES) pending = undefined;
    },
    show(tree) {
      const before = shown;
      const changes = pending;
      shown = tree;
      pending = { leaves: new Map(), edits: [], count: 0 };
      // The first tree shown starts loading the writes, so that the stream's first frames find
      // them (a frame before they arrive is rendered through the tree).
      if (before === undefined && frameWrites === undefined) loadFrameWrites();
      if (before === undefined || changes === undefined || before === tree || changes.leaves.size + changes.count === 0)
        return false;
      const writes = frameWrites === undefined ? loadFrameWrites() : frameWrites;
      return writes !== null && writes.writeFrame(view, context, before, tree, changes.leaves.values(), changes.edits);
    },
  };
}
