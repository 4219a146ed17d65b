import type { GroupEntry } from '../../shared/index.ts';
import { keyedEntries, type WrapEntry } from './keyed-entries.ts';
import type { ViewContext } from './view-context.ts';

export { renderParticle } from './particle-template.ts';

/**
 * Entries keyed by id (`keyedEntries`), so a move keeps the DOM node (focus, caret, typed input)
 * and a re-render of a wide group touches only the children that changed. Duplicate ids cannot
 * pass validation; if one ever arrives, later duplicates are skipped rather than confusing the
 * keyed diff. New children are built a slice per frame (build-budget.ts) unless `whole`: the
 * parent's own markup refers to each of them, so none may be missing.
 */
export function renderEntries(
  entries: readonly GroupEntry[],
  parent: readonly string[],
  context: ViewContext,
  wrap?: WrapEntry,
  whole?: boolean,
): unknown {
  return keyedEntries(entries, parent, context, wrap, whole);
}
