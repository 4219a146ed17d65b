import type { ModelParticle } from '../../generator/kit.ts';
import { BASIC_COMPONENTS, mapComponent } from './components.ts';
import { componentLabel } from './component-label.ts';
import { isReservedSegment } from './json-pointer.ts';
import { listNames } from './limits.ts';
import { typed, type BridgeEvents, type MapContext, type Mapped } from './map-context.ts';
import type { Scope } from './resolve.ts';
import type { A2uiComponent, Surface } from './surface.ts';
import { plainText } from '../kit/text.ts';
import type { TranslateIssue } from './translate.ts';
import { NO_ISSUES, type Instance, type Task } from './instance-tree.ts';
import { InstanceContext, pathInside } from './instance-context.ts';

/**
 * A visible stand-in for a child the stream has not delivered yet (aria-busy: a labelled,
 * indeterminate progressbar).
 */
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
export interface Walk {
  surface: Surface;
  events: BridgeEvents;
  /** The host every scope of the walk gets (made once per surface translation, not per run or instance). */
  host: Scope['host'];
  headingLevel: number;
  topHeading: number;
  lastHeading: number;
  nodes: number;
  issues: TranslateIssue[];
  origins: Map<string, string>;
  /** True once the node limit cut the surface short. */
  cut: boolean;
}

/**
 * Runs the walk from `start` (the root task, or one instance being re-translated), pushing each
 * particle into its slot's children array and recording every instance; returns the first one.
 */
export function runWalk(w: Walk, start: Task, top: Array<readonly [string, ModelParticle]>): Instance | undefined {
  return new WalkRun(w, start, top).run();
}

/**
 * One run of the walk: a stack of tasks, each mapped to one instance whose slots become the next
 * tasks. The run's state is its fields; the callbacks an instance's context needs (`labelOf`,
 * `heading`, `onRead`) are made once per run, not per instance.
 */
class WalkRun {
  readonly #w: Walk;
  readonly #start: Task;
  readonly #top: Array<readonly [string, ModelParticle]>;
  readonly #stack: Task[];
  /**
   * The ids taken in each children array; made on the first task that chooses an id (a
   * re-translation keeps its own).
   */
  #usedIds: WeakMap<object, Set<string>> | undefined;
  #first: Instance | undefined;
  /** The reads of the instance being mapped (one hook for the whole walk, not a closure per instance). */
  #reading: string[] = [];

  constructor(w: Walk, start: Task, top: Array<readonly [string, ModelParticle]>) {
    this.#w = w;
    this.#start = start;
    this.#top = top;
    this.#stack = [start];
  }

  readonly #scopeFor = (path: string): Scope => ({ model: this.#w.surface.model, path, host: this.#w.host });

  /** The heading level a component's `h<level>` renders at: below the host's, never skipping a level. */
  readonly #heading = (level: number): number => {
    const w = this.#w;
    w.lastHeading = Math.max(1, Math.min(6, level - w.topHeading + w.headingLevel, w.lastHeading + 1));
    return w.lastHeading;
  };

  readonly #labelOf = (componentId: string, scopePath: string): string =>
    componentLabel(this.#w.surface, this.#scopeFor, componentId, scopePath);

  readonly #onRead = (pointer: string, shape: boolean): void =>
    void this.#reading.push(shape ? `#${pointer}` : pointer);

  /** Maps every task until the stack is empty; returns the start's instance (none when the node limit cut it). */
  run(): Instance | undefined {
    while (this.#stack.length > 0) this.#step(this.#stack.pop()!);
    return this.#first;
  }

  /** A fresh id for the task among its siblings, unless a re-translation keeps the one it had. */
  #idOf(task: Task): string {
    if (task.fixedId !== undefined) return task.fixedId;
    this.#usedIds ??= new WeakMap();
    const siblings = this.#usedIds.get(task.into) ?? new Set<string>(task.into.map(([taken]) => taken));
    this.#usedIds.set(task.into, siblings);
    return uniqueId(task.id, siblings);
  }

  /** True (and the surface's one cut issue noted) once the walk has made more nodes than the limit. */
  #overNodeLimit(): boolean {
    const w = this.#w;
    const { maxNodes } = w.surface.limits;
    w.nodes += 1;
    if (w.nodes <= maxNodes) return false;
    if (!w.cut)
      w.issues.push({
        code: 'LIMIT_EXCEEDED',
        path: '/components',
        message: `the surface expands to more than ${maxNodes} nodes; the rest is cut`,
      });
    w.cut = true;
    return true;
  }

  #step(task: Task): void {
    const w = this.#w;
    const id = this.#idOf(task);
    const path = [...task.path, id];
    if (this.#overNodeLimit()) return;
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
    if (task === this.#start) this.#first = instance;
    else task.parent?.children.push(instance);
    const issueStart = w.issues.length;
    const done = (particle: ModelParticle): void => {
      task.into.push([id, particle]);
      if (w.issues.length > issueStart) instance.issues = w.issues.slice(issueStart);
      instance.headingAfter = w.lastHeading;
    };
    const component = w.surface.component(task.componentId);
    if (component === undefined) return done(placeholder(task.componentId));
    const refused = this.#refusal(task, component);
    if (refused !== undefined) return done(refused);
    const key = path.join('/');
    const mapped = this.#map(instance, component, key);
    w.origins.set(key, component.id);
    instance.origin = component.id;
    done(mapped.particle);
    this.#pushSlots(task, instance, mapped);
  }

  /** The visible stand-in for a component that may not be mapped here (a cycle, too deep), its issue noted. */
  #refusal(task: Task, component: A2uiComponent): ModelParticle | undefined {
    const { issues, surface } = this.#w;
    if (task.ancestors.includes(task.componentId)) {
      const cycle = [...task.ancestors.slice(-4), task.componentId].join(' → ').slice(0, 200);
      issues.push({
        code: 'VALIDATION_FAILED',
        path: component.at,
        message: `component "${component.id.slice(0, 40)}" contains itself (cycle ${cycle}); a component may appear only once on a path from root`,
      });
      return plainText(`[cycle at ${component.id.slice(0, 40)}]`);
    }
    if (task.depth >= surface.limits.maxDepth) {
      issues.push({
        code: 'LIMIT_EXCEEDED',
        path: component.at,
        message: `components nest deeper than ${surface.limits.maxDepth} levels at "${component.id.slice(0, 40)}"`,
      });
      return plainText('[too deep]');
    }
    return undefined;
  }

  /** Maps one component, recording every data-model read it makes as one of the instance's bindings. */
  #map(instance: Instance, component: A2uiComponent, key: string): Mapped {
    const { surface, events, issues } = this.#w;
    const { model, limits } = surface;
    const scope = this.#scopeFor(instance.task.scope);
    const ctx = new InstanceContext(
      component,
      surface,
      scope,
      key,
      limits,
      events,
      issues,
      this.#labelOf,
      this.#heading,
    );
    // Every read of the model while this instance is mapped is one of its bindings.
    // Kept as the pointer text (a shape read marked with a leading "#", which no pointer has) and
    // parsed only when the first update builds the index: a first paint pays for little more than the push.
    this.#reading = instance.reads;
    model.onRead = this.#onRead;
    try {
      return surface.catalog.components.has(component.component) && SERVED_COMPONENTS.has(component.component)
        ? mapComponent(ctx)
        : outsideCatalog(ctx);
    } finally {
      model.onRead = undefined;
    }
  }

  /** The mapped component's slots as the next tasks, reversed so each child lands after its elder sibling. */
  #pushSlots(task: Task, instance: Instance, mapped: Mapped): void {
    for (let i = mapped.slots.length - 1; i >= 0; i -= 1) {
      const slot = mapped.slots[i]!;
      const slotPath = slot.into === this.#top ? [] : instance.path;
      this.#stack.push({
        ...slot,
        depth: task.depth + 1,
        ancestors: [...task.ancestors, task.componentId],
        path: slotPath.concat(pathInside(mapped.particle, slot.into)),
        parent: instance,
      });
    }
  }
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
