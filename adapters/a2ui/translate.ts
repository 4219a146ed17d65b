import type { ModelParticle } from '../../generator/kit.ts';
import { BindingIndex, type DataRead } from './binding-index.ts';
import { parsePointer } from './json-pointer.ts';
import type { FunctionHost } from './functions.ts';
import { type BridgeEvents } from './map-context.ts';
import type { Surface } from './surface.ts';
import { collectIssues, lastOf, replaceAt, sameLeaf, subtreeSize, type Instance } from './instance-tree.ts';
import { placeholder, runWalk, type Walk } from './translate-walk.ts';

/** One problem found while translating, with its A2UI path. */
export interface TranslateIssue {
  code: string;
  /** `/components/<i>/<prop>` of the component's last update, or `/dataModel/...`. */
  path: string;
  message: string;
}

/** The translation of a surface: the particle, its problems, and which component each suip path came from. */
export interface Translation {
  root: ModelParticle;
  issues: TranslateIssue[];
  /** suip path (ids joined by `/`) → the A2UI component id it was made from. */
  origins: Map<string, string>;
}

/** The highest heading variant (`h1`..`h5`) of the surface's components; 6 when none. */
function topHeadingOf(surface: Surface): number {
  let top = 6;
  for (const c of [...surface.components.values(), ...surface.preview.values()]) {
    const m = c.component === 'Text' && typeof c.props.variant === 'string' ? /^h([1-5])$/.exec(c.props.variant) : null;
    if (m) top = Math.min(top, Number(m[1]));
  }
  return top;
}

/**
 * Translates a surface from its `root` component into a suip particle tree. The walk is
 * iterative (an explicit stack), checks cycles against the ancestor chain, and stops at the
 * depth, node and template-item limits with a visible note and an issue; nothing recurses on
 * agent-controlled depth.
 */
export function translateSurface(
  surface: Surface,
  events: BridgeEvents,
  host: Omit<FunctionHost, 'formatString' | 'maxStringLength'>,
  headingLevel = 2,
): Translation {
  return SurfaceTranslation.full(surface, events, host, headingLevel);
}

/**
 * A surface's translation that can follow data-model changes: it keeps each component instance
 * with the data pointers its mapping read (a `BindingIndex`), so a change re-translates only the
 * instances bound to the changed pointer (with their subtrees) and splices them into a copy of the
 * tree that shares every untouched subtree — suip's diff then walks only the changed paths, and
 * the renderer gets only their ops. The result always equals a full translation of the surface
 * (bridge.incremental.test.ts proves it on random surfaces and updates); where that cannot be
 * guaranteed cheaply (the node limit cut the surface, a streaming preview, heading numbers that
 * would shift after the changed part) `update` says so and the caller translates it whole.
 */
export class SurfaceTranslation implements Translation {
  root: ModelParticle;
  readonly origins: Map<string, string>;
  #issues: TranslateIssue[];
  #issueCount: number;
  #top: Instance | undefined;
  #nodes: number;
  readonly #cut: boolean;
  /** Built on the first update, not with the translation: a first paint does not pay for it. */
  #index: BindingIndex<Instance> | undefined;
  readonly #walk: Omit<Walk, 'lastHeading' | 'nodes' | 'issues' | 'cut'>;

  private constructor(walk: Walk, top: Instance | undefined, root: ModelParticle) {
    this.#walk = walk;
    this.#top = top;
    this.root = root;
    this.origins = walk.origins;
    this.#issues = walk.issues;
    this.#issueCount = walk.issues.length;
    this.#nodes = walk.nodes;
    this.#cut = walk.cut;
  }

  /** Translates the whole surface. */
  static full(
    surface: Surface,
    events: BridgeEvents,
    host: Omit<FunctionHost, 'formatString' | 'maxStringLength'>,
    headingLevel: number,
  ): SurfaceTranslation {
    const walk: Walk = {
      surface,
      events,
      host: { ...host, maxStringLength: surface.limits.maxStringLength, catalog: surface.catalog },
      headingLevel,
      topHeading: topHeadingOf(surface),
      lastHeading: headingLevel - 1,
      nodes: 0,
      issues: [],
      origins: new Map(),
      cut: false,
    };
    const top: Array<readonly [string, ModelParticle]> = [];
    const first = runWalk(
      walk,
      { id: 'root', componentId: 'root', scope: '/', into: top, depth: 0, ancestors: [], path: [] },
      top,
    );
    return new SurfaceTranslation(walk, first, top[0]?.[1] ?? placeholder('root'));
  }

  /** The translation's problems, in document order. */
  get issues(): TranslateIssue[] {
    return this.#issues;
  }

  /**
   * Brings the translation up to date after data-model changes at `changed` (pointer segments, as
   * `DataModel.set` returns them). False when it cannot (the caller then translates the surface
   * whole); the translation is then in an unspecified state and must be dropped.
   */
  update(changed: ReadonlyArray<readonly string[]>): boolean {
    const surface = this.#walk.surface;
    if (this.#cut || this.#top === undefined || surface.preview.size > 0) return false;
    // Empty trie nodes of reads no instance makes any more: rebuild rather than let them pile up.
    if (this.#index === undefined) {
      this.#index = new BindingIndex();
      this.#indexTree(this.#top, true);
    }
    if (this.#index.nodes > 4 * this.#index.reads + 4096) return false;
    const hit = new Set<Instance>();
    const index = this.#index;
    for (const pointer of changed) for (const instance of index.affected(pointer)) hit.add(instance);
    // An instance re-translated with its subtree covers its descendants.
    const outer = [...hit].filter((instance) => {
      for (let p = instance.parent; p !== undefined; p = p.parent) if (hit.has(p)) return false;
      return true;
    });
    this.#ok = true;
    this.spliced = [];
    try {
      for (const old of outer) if (this.#ok) this.#retranslate(old);
    } catch {
      // A tree that no longer has the instance's path (it cannot happen; if it does, translate whole).
      return false;
    }
    if (outer.length > 0) this.#issues = this.#issueCount === 0 ? [] : collectIssues(this.#top);
    return this.#ok;
  }

  #ok = true;

  /**
   * What the last `update` spliced in: each re-translated instance's suip path (below the generator
   * root, where `render` places a typed surface: `root`, …) and its new particle. A caller that
   * rendered the tree from before the update can send just these (`renderChange`).
   */
  spliced: Array<{ path: readonly string[]; particle: ModelParticle }> = [];

  /**
   * Re-translates one instance with its subtree and splices it in; clears `#ok` when the whole
   * surface must be translated.
   */
  #retranslate(old: Instance): void {
    {
      const size = subtreeSize(old);
      const { surface, events, host, headingLevel, topHeading } = this.#walk;
      const walk: Walk = {
        surface,
        events,
        host,
        headingLevel,
        topHeading,
        lastHeading: old.headingIn,
        nodes: this.#nodes - size,
        issues: [],
        origins: new Map(),
        cut: false,
      };
      const into: Array<readonly [string, ModelParticle]> = [];
      const { id, componentId, scope, depth, ancestors, path } = old.task;
      const fresh = runWalk(
        walk,
        { id, componentId, scope, depth, ancestors, path, into, fixedId: old.id, parent: old.parent },
        into,
      );
      // Heading numbers after this subtree would shift, or the limit is crossed: the whole surface then.
      if (fresh === undefined || walk.cut || walk.lastHeading !== lastOf(old).headingAfter) {
        this.#ok = false;
        return;
      }
      if (sameLeaf(old, fresh)) {
        // A leaf that read the same pointers again (a bound text's new value): its index entries,
        // origin and place in the instance tree stay as they are; only its issues are new.
        this.#issueCount += fresh.issues.length - old.issues.length;
        old.issues = fresh.issues;
      } else {
        this.#unindexTree(old);
        const siblings = old.parent?.children;
        if (siblings === undefined) this.#top = fresh;
        else siblings[siblings.indexOf(old)] = fresh;
        this.#indexTree(fresh, false);
        this.#nodes = walk.nodes;
      }
      const ids = old.path.slice(1);
      this.root = replaceAt(this.root, ids, into[0]![1]);
      ids.unshift('root');
      this.spliced.push({ path: ids, particle: into[0]![1] });
    }
  }

  /** A recorded read as the index takes it (the pointer parsed when it was read, so it parses again). */
  #read(recorded: string): DataRead {
    const shape = recorded.startsWith('#');
    return {
      segments: parsePointer(shape ? recorded.slice(1) : recorded, this.#walk.surface.limits.maxPointerSegments),
      shape,
    };
  }

  /** Adds a subtree's reads to the index and (after a re-translation) its origins. */
  #indexTree(top: Instance, whole: boolean): void {
    const stack = [top];
    while (stack.length > 0) {
      const instance = stack.pop()!;
      for (const read of instance.reads) this.#index!.add(instance, this.#read(read));
      this.#issueCount += whole ? 0 : instance.issues.length;
      if (!whole && instance.origin !== undefined) this.origins.set(instance.path.join('/'), instance.origin);
      stack.push(...instance.children);
    }
  }

  #unindexTree(top: Instance): void {
    const stack = [top];
    while (stack.length > 0) {
      const instance = stack.pop()!;
      for (const read of instance.reads) this.#index!.remove(instance, this.#read(read));
      this.#issueCount -= instance.issues.length;
      this.origins.delete(instance.path.join('/'));
      stack.push(...instance.children);
    }
  }
}
