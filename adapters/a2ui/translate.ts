import type { ModelGroup, ModelParticle } from '../../generator/kit.ts';
import { BindingIndex, type DataRead } from './binding-index.ts';
import { parsePointer } from './json-pointer.ts';
import { BASIC_COMPONENTS, mapComponent } from './components.ts';
import { iconLabel } from './icons.ts';
import type { FunctionHost } from './functions.ts';
import { isReservedSegment, resolvePath } from './json-pointer.ts';
import { A2uiError, listNames } from './limits.ts';
import { typed, type BridgeEvents, type MapContext, type Mapped, type Slot } from './map-context.ts';
import { resolveDynamic, resolveString, type Scope } from './resolve.ts';
import type { A2uiComponent, Surface } from './surface.ts';
import { plainText } from '../kit/text.ts';

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

interface Task extends Slot {
  depth: number;
  /** The component ids from root to the parent, for the cycle check. */
  ancestors: readonly string[];
  path: readonly string[];
  /** The instance whose slot this task fills (none for the root). */
  parent?: Instance;
  /** The id this instance already has (a re-translation keeps it instead of choosing again). */
  fixedId?: string;
}

/** One translated component instance (one task of the walk): what re-translating it alone needs. */
interface Instance {
  task: Task;
  id: string;
  /** Its suip path (ids from `root`). */
  path: readonly string[];
  parent: Instance | undefined;
  children: Instance[];
  /** What its mapping read from the data model (labels of its children included). */
  reads: string[];
  issues: TranslateIssue[];
  /** The heading state before and after its own mapping (headings are numbered in document order). */
  headingIn: number;
  headingAfter: number;
  /** The A2UI component id when it was mapped (not a placeholder or a refused cycle). */
  origin?: string;
}

/** A visible stand-in for a child the stream has not delivered yet (aria-busy: a labelled, indeterminate progressbar). */
export function placeholder(componentId: string): ModelParticle {
  return typed('placeholder', [['label', plainText(`Loading ${componentId.slice(0, 40)}…`)]]);
}

function uniqueId(id: string, used: Set<string>): string {
  // A reference may be empty or name a reserved key (component ids never can): suip refuses those as child ids.
  const base = id === '' || isReservedSegment(id) ? `ref-${id}` : id;
  let out = base;
  for (let n = 2; used.has(out); n += 1) out = `${base}~${n}`;
  used.add(out);
  return out;
}

/** One pass of the walk: the heading state and node count it carries from instance to instance. */
interface Walk {
  surface: Surface;
  events: BridgeEvents;
  host: Omit<FunctionHost, 'formatString' | 'maxStringLength'>;
  headingLevel: number;
  topHeading: number;
  lastHeading: number;
  nodes: number;
  issues: TranslateIssue[];
  origins: Map<string, string>;
  /** True once the node limit cut the surface short. */
  cut: boolean;
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
      host,
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

  /** Re-translates one instance with its subtree and splices it in; clears `#ok` when the whole surface must be translated. */
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

/**
 * The `MapContext` of one instance: a class, not an object of closures, so a walk allocates one
 * small object per instance (a whole translation maps every instance; an update maps the bound ones).
 */
class InstanceContext implements MapContext {
  constructor(
    readonly component: A2uiComponent,
    readonly surface: Surface,
    readonly scope: Scope,
    readonly key: string,
    readonly limits: Surface['limits'],
    readonly events: BridgeEvents,
    private readonly issues: TranslateIssue[],
    readonly labelOf: (componentId: string, scopePath: string) => string,
    readonly heading: (level: number) => number,
  ) {}

  /** Records a problem at `<component.at>/<prop>` (an A2uiError keeps its code). */
  report(prop: string, error: unknown, code?: string): void {
    const e = error instanceof A2uiError ? error : undefined;
    this.issues.push({
      code: code ?? e?.code ?? 'VALIDATION_FAILED',
      path: `${this.component.at}/${prop}`,
      message: error instanceof Error ? error.message : String(error),
    });
  }

  issue(prop: string, message: string, code?: string): void {
    this.report(prop, new Error(message), code);
  }

  strOf(raw: unknown, prop: string): string {
    try {
      return resolveString(raw, this.scope);
    } catch (error) {
      this.report(prop, error);
      return '';
    }
  }

  str(prop: string): string {
    return this.strOf(this.component.props[prop], prop);
  }

  value(prop: string): unknown {
    try {
      return resolveDynamic(this.component.props[prop], this.scope);
    } catch (error) {
      this.report(prop, error);
      return undefined;
    }
  }

  childList(prop: string, into: Array<readonly [string, ModelParticle]>): Slot[] {
    return childSlots(this, prop, into, (at, error, code) => this.report(at, error, code));
  }
}

/**
 * Runs the walk from `start` (the root task, or one instance being re-translated), pushing each
 * particle into its slot's children array and recording every instance; returns the first one.
 */
function runWalk(w: Walk, start: Task, top: Array<readonly [string, ModelParticle]>): Instance | undefined {
  const { surface, events } = w;
  const limits = surface.limits;
  const model = surface.model;
  // One host for every scope of the walk (a scope is made per instance).
  const scopeHost = { ...w.host, maxStringLength: limits.maxStringLength, catalog: surface.catalog };
  const scopeFor = (path: string): Scope => ({ model, path, host: scopeHost });
  const stack: Task[] = [start];
  // The ids taken in each children array; made on the first task that chooses an id (a re-translation keeps its own).
  let usedIds: WeakMap<object, Set<string>> | undefined;
  let first: Instance | undefined;
  const heading = (level: number): number => {
    w.lastHeading = Math.max(1, Math.min(6, level - w.topHeading + w.headingLevel, w.lastHeading + 1));
    return w.lastHeading;
  };

  const labelOf = (componentId: string, scopePath: string): string => {
    const words: string[] = [];
    const queue: Array<[string, string]> = [[componentId, scopePath]];
    for (let seen = 0; queue.length > 0 && seen < 64; seen += 1) {
      const [id, at] = queue.shift()!;
      const c = surface.component(id);
      if (c === undefined) continue;
      try {
        if (c.component === 'Text') words.push(resolveString(c.props.text, scopeFor(at)));
        // An icon-only Button (a player's skip and play) is labelled by what its icon means, not "Button".
        else if (
          c.component === 'Icon' &&
          (typeof c.props.name === 'string' ||
            (typeof c.props.name === 'object' && c.props.name !== null && 'path' in c.props.name))
        )
          words.push(capitalized(iconLabel(resolveString(c.props.name, scopeFor(at)))));
        else if (c.component === 'Button' || c.component === 'Card') queue.push([String(c.props.child), at]);
        else if (Array.isArray(c.props.children))
          for (const child of c.props.children.slice(0, 16)) queue.push([String(child), at]);
      } catch {
        // A label that fails to resolve is reported where the Text itself renders.
      }
    }
    return words
      .filter((word) => word !== '')
      .join(' ')
      .trim();
  };

  /** The reads of the instance being mapped (one hook for the whole walk, not a closure per instance). */
  let reading: string[] = [];
  const onRead = (pointer: string, shape: boolean): void => void reading.push(shape ? `#${pointer}` : pointer);

  while (stack.length > 0) {
    const task = stack.pop()!;
    let id: string;
    if (task.fixedId !== undefined) id = task.fixedId;
    else {
      usedIds ??= new WeakMap();
      const siblings = usedIds.get(task.into) ?? new Set<string>(task.into.map(([taken]) => taken));
      usedIds.set(task.into, siblings);
      id = uniqueId(task.id, siblings);
    }
    const path = [...task.path, id];
    w.nodes += 1;
    if (w.nodes > limits.maxNodes) {
      if (!w.cut)
        w.issues.push({
          code: 'LIMIT_EXCEEDED',
          path: '/components',
          message: `the surface expands to more than ${limits.maxNodes} nodes; the rest is cut`,
        });
      w.cut = true;
      continue;
    }
    const instance: Instance = {
      task,
      id,
      path,
      parent: task.parent,
      children: [],
      reads: [],
      issues: NO_ISSUES,
      headingIn: w.lastHeading,
      headingAfter: w.lastHeading,
    };
    // The start's place in its parent is the caller's to fill (a re-translation replaces the old instance).
    if (task === start) first = instance;
    else task.parent?.children.push(instance);
    const issueStart = w.issues.length;
    const done = (particle: ModelParticle): void => {
      task.into.push([id, particle]);
      if (w.issues.length > issueStart) instance.issues = w.issues.slice(issueStart);
      instance.headingAfter = w.lastHeading;
    };
    const component = surface.component(task.componentId);
    if (component === undefined) {
      done(placeholder(task.componentId));
      continue;
    }
    if (task.ancestors.includes(task.componentId)) {
      w.issues.push({
        code: 'VALIDATION_FAILED',
        path: component.at,
        message: `component "${component.id.slice(0, 40)}" contains itself (cycle ${[...task.ancestors.slice(-4), task.componentId].join(' → ').slice(0, 200)}); a component may appear only once on a path from root`,
      });
      done(plainText(`[cycle at ${component.id.slice(0, 40)}]`));
      continue;
    }
    if (task.depth >= limits.maxDepth) {
      w.issues.push({
        code: 'LIMIT_EXCEEDED',
        path: component.at,
        message: `components nest deeper than ${limits.maxDepth} levels at "${component.id.slice(0, 40)}"`,
      });
      done(plainText('[too deep]'));
      continue;
    }
    const key = path.join('/');
    const ctx = new InstanceContext(
      component,
      surface,
      scopeFor(task.scope),
      key,
      limits,
      events,
      w.issues,
      labelOf,
      heading,
    );
    // Every read of the model while this instance is mapped is one of its bindings.
    // Kept as the pointer text (a shape read marked with a leading "#", which no pointer has) and
    // parsed only when the first update builds the index: a first paint pays for little more than the push.
    reading = instance.reads;
    model.onRead = onRead;
    let mapped: Mapped;
    try {
      mapped =
        surface.catalog.components.has(component.component) && SERVED_COMPONENTS.has(component.component)
          ? mapComponent(ctx)
          : outsideCatalog(ctx);
    } finally {
      model.onRead = undefined;
    }
    w.origins.set(key, component.id);
    instance.origin = component.id;
    done(mapped.particle);
    // Reverse so the stack pops children in order and each lands after its elder sibling.
    for (let i = mapped.slots.length - 1; i >= 0; i -= 1) {
      const slot = mapped.slots[i]!;
      const slotPath = slot.into === top ? [] : path;
      stack.push({
        ...slot,
        depth: task.depth + 1,
        ancestors: [...task.ancestors, task.componentId],
        path: slotPath.concat(pathInside(mapped.particle, slot.into)),
        parent: instance,
      });
    }
  }
  return first;
}

/**
 * True when `fresh` re-translated the leaf `old` into a leaf that read exactly the same pointers,
 * in the same order, for the same component: the binding index, the origins and the node count
 * hold for it as they are (the index keys its reads by instance, so `old` stays the instance).
 */
function sameLeaf(old: Instance, fresh: Instance): boolean {
  if (
    old.children.length !== 0 ||
    fresh.children.length !== 0 ||
    old.origin !== fresh.origin ||
    old.reads.length !== fresh.reads.length
  )
    return false;
  for (let i = 0; i < old.reads.length; i += 1) if (old.reads[i] !== fresh.reads[i]) return false;
  return true;
}

/** The issues of an instance that has none (shared, never written). */
const NO_ISSUES: TranslateIssue[] = [];

/** How many instances (walk tasks) a subtree holds. */
function subtreeSize(top: Instance): number {
  let n = 0;
  const stack = [top];
  while (stack.length > 0) {
    n += 1;
    stack.push(...stack.pop()!.children);
  }
  return n;
}

/** The subtree's last instance in document order (its heading state is what follows the subtree). */
function lastOf(top: Instance): Instance {
  let n = top;
  while (n.children.length > 0) n = n.children[n.children.length - 1]!;
  return n;
}

/** Every instance's issues in document order (the walk's order). */
function collectIssues(top: Instance | undefined): TranslateIssue[] {
  const out: TranslateIssue[] = [];
  const stack = top === undefined ? [] : [top];
  while (stack.length > 0) {
    const instance = stack.pop()!;
    out.push(...instance.issues);
    for (let i = instance.children.length - 1; i >= 0; i -= 1) stack.push(instance.children[i]!);
  }
  return out;
}

/**
 * A copy of `tree` with the particle at `ids` (child ids below it) replaced by `value`: each group
 * on the way is copied with one entry changed, every other subtree is shared (`===`), which is
 * what lets suip's diff skip them.
 */
function replaceAt(tree: ModelParticle, ids: readonly string[], value: ModelParticle): ModelParticle {
  // Down the path first (the groups and where each holds the next id), then copies back up.
  const groups: ModelGroup[] = [];
  const at: number[] = [];
  let node = tree;
  for (const id of ids) {
    if (typeof node !== 'object' || node === null || !('group' in node))
      throw new Error(`no group on the way to ${ids.join('/')}`);
    const i = node.group.findIndex((entry) => entry[0] === id);
    if (i < 0) throw new Error(`no child "${id}" on the way to ${ids.join('/')}`);
    groups.push(node);
    at.push(i);
    node = node.group[i]![1];
  }
  let out = value;
  for (let d = groups.length - 1; d >= 0; d -= 1) {
    const group = groups[d]!.group.slice();
    group[at[d]!] = [ids[d]!, out] as const;
    out = { ...groups[d]!, group };
  }
  return out;
}

const SERVED_COMPONENTS: ReadonlySet<string> = new Set(BASIC_COMPONENTS);

/** A component the surface's catalog lacks (or the bridge cannot render): refused by name, shown as a visible note. */
function outsideCatalog(ctx: MapContext): Mapped {
  const { component: c, surface } = ctx;
  const declared = surface.catalog.components.has(c.component);
  const why = declared ? 'is declared by' : 'is not in';
  ctx.issue(
    'component',
    `component "${c.component.slice(0, 40)}" (${c.id.slice(0, 40)}) ${why} catalog ${surface.catalogId.slice(0, 120)}${declared ? ' but this client cannot render it' : `; it has ${listNames(surface.catalog.components)}`}`,
  );
  return {
    particle: typed('alert', [
      ['tone', plainText('warning')],
      ['body', plainText(`Unsupported A2UI component "${c.component.slice(0, 40)}" (${c.id.slice(0, 40)})`)],
    ]),
    slots: [],
  };
}

/** The ids from a mapped particle down to the children array a slot fills (a Tabs section, a Modal dialog). */
function pathInside(particle: ModelParticle, into: Array<readonly [string, ModelParticle]>): string[] {
  if (!('group' in particle) || particle.group === into) return [];
  const queue: Array<[ModelParticle, string[]]> = [[particle, []]];
  while (queue.length > 0) {
    const [p, at] = queue.shift()!;
    if (!('group' in p)) continue;
    if (p.group === into) return at;
    for (const [cid, child] of p.group) queue.push([child, [...at, cid]]);
  }
  return [];
}

function childSlots(
  ctx: MapContext,
  prop: string,
  into: Array<readonly [string, ModelParticle]>,
  report: (prop: string, error: unknown, code?: string) => void,
): Slot[] {
  const list = ctx.component.props[prop];
  if (list === undefined) return [];
  if (Array.isArray(list)) {
    return list
      .slice(0, ctx.limits.maxTemplateItems)
      .filter((id): id is string => typeof id === 'string')
      .map((id) => ({ id, componentId: id, scope: ctx.scope.path, into }));
  }
  if (
    typeof list !== 'object' ||
    list === null ||
    typeof (list as { componentId?: unknown }).componentId !== 'string' ||
    typeof (list as { path?: unknown }).path !== 'string'
  ) {
    report(
      prop,
      new Error(`"${prop}" must be an array of component ids or a template {"componentId": "...", "path": "/items"}`),
    );
    return [];
  }
  const template = list as { componentId: string; path: string };
  let pointer = '';
  let items: unknown;
  try {
    pointer = resolvePath(template.path, ctx.scope.path);
    // A shape read: the template's children follow the collection's keys, not its items' values.
    items = ctx.scope.model.get(pointer, true);
  } catch (error) {
    report(`${prop}/path`, error);
    return [];
  }
  if (items === undefined || items === null) return [];
  const entries: Array<[string, string]> = Array.isArray(items)
    ? items.map((item: unknown, i) => [itemKey(item, i), String(i)])
    : typeof items === 'object'
      ? Object.keys(items).map((k) => [k, k.replace(/~/g, '~0').replace(/\//g, '~1')])
      : [];
  if (entries.length > ctx.limits.maxTemplateItems) {
    report(
      `${prop}/path`,
      new Error(
        `the template over ${pointer.slice(0, 60)} has ${entries.length} items; only the first ${ctx.limits.maxTemplateItems} are shown`,
      ),
      'LIMIT_EXCEEDED',
    );
  }
  const base = pointer === '/' ? '' : pointer;
  return entries
    .slice(0, ctx.limits.maxTemplateItems)
    .map(([key, segment]) => ({ id: key, componentId: template.componentId, scope: `${base}/${segment}`, into }));
}

/** Item identity for keyed templates: `item.id ?? item.key ?? index` (A2UI's own templates are unkeyed). */
export function itemKey(item: unknown, index: number): string {
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const record = item as Record<string, unknown>;
    for (const name of ['id', 'key']) {
      const v = Object.hasOwn(record, name) ? record[name] : undefined;
      if ((typeof v === 'string' && v !== '') || typeof v === 'number') return `k-${String(v)}`;
    }
  }
  return `i-${index}`;
}

/** `skip previous` → `Skip previous`: an icon's label as a button's text. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
