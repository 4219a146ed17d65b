import type { ModelParticle } from '../../generator/kit.ts';
import { BASIC_COMPONENTS, mapComponent } from './components.ts';
import { iconLabel } from './icons.ts';
import type { FunctionHost } from './functions.ts';
import { isReservedSegment } from './json-pointer.ts';
import { listNames } from './limits.ts';
import { typed, type BridgeEvents, type MapContext, type Mapped } from './map-context.ts';
import { resolveString, type Scope } from './resolve.ts';
import type { Surface } from './surface.ts';
import { plainText } from '../kit/text.ts';
import type { TranslateIssue } from './translate.ts';
import { NO_ISSUES, type Instance, type Task } from './instance-tree.ts';
import { InstanceContext, pathInside } from './instance-context.ts';

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
export interface Walk {
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

/**
 * Runs the walk from `start` (the root task, or one instance being re-translated), pushing each
 * particle into its slot's children array and recording every instance; returns the first one.
 */
export function runWalk(w: Walk, start: Task, top: Array<readonly [string, ModelParticle]>): Instance | undefined {
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

/** `skip previous` → `Skip previous`: an icon's label as a button's text. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
