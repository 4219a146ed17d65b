import { createMergedTree, type MergedTree, type ViewChanges } from '../core/tree/index.ts';
import type { SlotClaims } from './slot-claims.ts';
import { createFrameBatch } from './session/frame-batch.ts';
import { createLeafWrites } from './view/leaf-writes.ts';
import type { ViewContext } from './view/view-context.ts';
import type { SuipTree } from './view/suip-tree.ts';
import './view/suip-tree.ts';

/** The merged tree of every mount and the one view element that shows it. */
export interface TreeView {
  /** The newest merged tree (shown at the latest in the next frame). */
  readonly tree: MergedTree;
  /** `changes`: what the transaction did, when the view can write it directly (`viewChanges`). */
  set(next: MergedTree, changes?: ViewChanges): void;
  /** Show the newest tree now instead of at the next frame. */
  showNow(): void;
  /** The hidden element sandbox frames live in (beside the view, never inside it). */
  readonly frames: HTMLElement;
  /** The view element (a `<suip-tree>`), e.g. for the hibernation sweep's visibility checks. */
  readonly element: SuipTree;
  /** Remove the view and the frames' element; a waiting frame is not shown. */
  destroy(): void;
}

/**
 * Put a `<suip-tree>` and the frames' element in `container` and show the merged tree in it once
 * per frame, however many transactions arrived in it. A frame of text appends and list edits on
 * screen writes exactly those (leaf-writes.ts); slots are redrawn on every frame, since they show
 * other mounts' subtrees that their own particle does not reference. `theme`: the host's, when it
 * announced one to generators (the shown theme is then the announced one; without it, the tree
 * follows prefers-color-scheme).
 */
export function createTreeView(
  container: HTMLElement,
  context: ViewContext,
  slots: SlotClaims,
  theme?: 'light' | 'dark',
): TreeView {
  let tree: MergedTree = createMergedTree();
  const element = document.createElement('suip-tree') as SuipTree;
  element.context = context;
  if (theme !== undefined) element.theme = theme;
  const frames = document.createElement('div');
  frames.setAttribute('data-suip-frames', '');
  frames.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none;';
  container.append(element, frames);
  const leafWrites = createLeafWrites(element, context);
  const frameBatch = createFrameBatch(() => {
    if (!leafWrites.show(tree)) element.root = tree;
    slots.redraw();
  });
  const view: TreeView = {
    get tree() {
      return tree;
    },
    set(next, changes) {
      tree = next;
      leafWrites.changed(slots.shown ? undefined : changes);
      frameBatch.request();
    },
    showNow: () => frameBatch.flush(),
    frames,
    element,
    destroy() {
      frameBatch.cancel();
      element.remove();
      frames.remove();
    },
  };
  view.set(tree);
  return view;
}
