import { enablePatches, Immer, type Patch } from 'immer';
import { cloneValue } from '../../adapters/a2ui/data-model.ts';
import { arrayIndex, parsePointer } from '../../adapters/a2ui/json-pointer.ts';
import type { A2uiLimits } from '../../adapters/a2ui/limits.ts';

// autoFreeze off: immer's fastest setting (the model is private to the bridge, nothing else could write it).
enablePatches();
const immer = new Immer({ autoFreeze: false });
immer.setUseStrictShallowCopy(false);

type Container = Record<string, unknown> | unknown[];

/**
 * Anchor: the A2UI data model as an immutable immer state. A write is one `produceWithPatches`
 * and the patches name the changed pointers (what a binding index needs), instead of the
 * hand-written tracker in `adapters/a2ui/data-model.ts` working that out from the pointer.
 */
export class ImmerDataModel {
  #root: Record<string, unknown> = {};
  readonly #limits: A2uiLimits;

  constructor(limits: A2uiLimits) {
    this.#limits = limits;
  }

  /** The value at `pointer` (own properties only), as the real model reads it. */
  get(pointer: string): unknown {
    let node: unknown = this.#root;
    for (const segment of parsePointer(pointer, this.#limits.maxPointerSegments)) {
      if (Array.isArray(node)) node = arrayIndex(segment) === undefined ? undefined : node[arrayIndex(segment)!];
      else if (typeof node === 'object' && node !== null)
        node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
      else return undefined;
      if (node === undefined) return undefined;
    }
    return node;
  }

  /** Writes (or deletes) at `pointer`; returns the changed pointers as segment lists, from immer's patches. */
  set(pointer: string, value: unknown): string[][] {
    const segments = parsePointer(pointer, this.#limits.maxPointerSegments);
    const copied = value === undefined ? undefined : cloneValue(value, this.#limits, `/dataModel${pointer}`);
    if (segments.length === 0) {
      this.#root = (copied ?? {}) as Record<string, unknown>;
      return [[]];
    }
    const [next, patches] = immer.produceWithPatches(this.#root, (draft) => {
      let node = draft as Container;
      for (const segment of segments.slice(0, -1)) {
        const key = Array.isArray(node) ? arrayIndex(segment) : segment;
        if (key === undefined) throw new Error(`not an index: ${segment}`);
        let child = (node as Record<string | number, unknown>)[key];
        if (typeof child !== 'object' || child === null) {
          if (copied === undefined) return;
          child = {};
          (node as Record<string | number, unknown>)[key] = child;
        }
        node = child as Container;
      }
      const last = segments[segments.length - 1]!;
      if (Array.isArray(node)) {
        const index = last === '-' ? node.length : arrayIndex(last);
        if (index === undefined || index > node.length) throw new Error(`not an index: ${last}`);
        if (copied === undefined) node.splice(index, 1);
        else node[index] = copied;
      } else if (copied === undefined) delete node[last];
      else node[last] = copied;
    });
    this.#root = next;
    return patches.map((patch: Patch) => patch.path.map(String));
  }
}
