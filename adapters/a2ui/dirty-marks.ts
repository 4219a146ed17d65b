/** What changed in one surface since its last translation. */
export interface DirtyMark {
  /** Translate the surface whole (components, previews, dialogs, or too many pointers). */
  full: boolean;
  /** The data pointers written (only the instances bound to them are translated again). */
  changed: Array<readonly string[]>;
}

/** Past this many pointers between two translations, one whole translation is cheaper and bounded. */
export const MAX_DIRTY_POINTERS = 256;

/**
 * The bridge's per-surface change notes between two translations: `mark` records a change, `take`
 * hands the notes to the next translation and clears them.
 */
export class DirtyMarks {
  readonly #marks = new Map<string, DirtyMark>();

  /**
   * Notes a change for the surface's next translation: `changed` is what `DataModel.set` returned
   * (null: nothing changed), undefined means anything else (the surface is translated whole).
   */
  mark(surfaceId: string, changed?: readonly string[] | null): void {
    if (changed === null) return;
    const dirty = this.#marks.get(surfaceId) ?? { full: false, changed: [] };
    // SECURITY: a flood of updates between two renders is bounded: past 256 pointers it is one whole translation.
    if (changed === undefined || dirty.changed.length >= MAX_DIRTY_POINTERS) {
      dirty.full = true;
      dirty.changed = [];
    } else if (!dirty.full) dirty.changed.push(changed);
    this.#marks.set(surfaceId, dirty);
  }

  /** The surface's notes since its last translation (undefined: nothing changed), cleared. */
  take(surfaceId: string): DirtyMark | undefined {
    const dirty = this.#marks.get(surfaceId);
    this.#marks.delete(surfaceId);
    return dirty;
  }

  /** Forgets a deleted surface. */
  delete(surfaceId: string): void {
    this.#marks.delete(surfaceId);
  }
}
