import type { ModelParticle } from '../../generator/runtime/builders.ts';
import { BASIC_COMPONENTS, mapComponent } from './components.ts';
import { iconLabel } from './icons.ts';
import type { FunctionHost } from './functions.ts';
import { isReservedSegment, resolvePath } from './json-pointer.ts';
import { A2uiError, listNames } from './limits.ts';
import { plain, typed, type BridgeEvents, type MapContext, type Mapped, type Slot } from './map-context.ts';
import { resolveDynamic, resolveString, type Scope } from './resolve.ts';
import type { Surface } from './surface.ts';

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
}

/** A visible stand-in for a child the stream has not delivered yet (aria-busy: a labelled, indeterminate progressbar). */
export function placeholder(componentId: string): ModelParticle {
  return typed('placeholder', [['label', plain(`Loading ${componentId.slice(0, 40)}…`)]]);
}

function uniqueId(id: string, used: Set<string>): string {
  // A reference may be empty or name a reserved key (component ids never can): suip refuses those as child ids.
  const base = id === '' || isReservedSegment(id) ? `ref-${id}` : id;
  let out = base;
  for (let n = 2; used.has(out); n += 1) out = `${base}~${n}`;
  used.add(out);
  return out;
}

/**
 * Translates a surface from its `root` component into a suip particle tree. The walk is
 * iterative (an explicit stack), checks cycles against the ancestor chain, and stops at the
 * depth, node and template-item limits with a visible note and an issue; nothing recurses on
 * agent-controlled depth.
 */
export function translateSurface(surface: Surface, events: BridgeEvents, host: Omit<FunctionHost, 'formatString' | 'maxStringLength'>, headingLevel = 2): Translation {
  const limits = surface.limits;
  const issues: TranslateIssue[] = [];
  const origins = new Map<string, string>();
  const scopeFor = (path: string): Scope => ({ model: surface.model, path, host: { ...host, maxStringLength: limits.maxStringLength, catalog: surface.catalog } });
  const top: Array<readonly [string, ModelParticle]> = [];
  const stack: Task[] = [{ id: 'root', componentId: 'root', scope: '/', into: top, depth: 0, ancestors: [], path: [] }];
  const usedIds = new WeakMap<object, Set<string>>();
  let nodes = 0;
  let topHeading = 6;
  for (const c of [...surface.components.values(), ...surface.preview.values()]) {
    const m = c.component === 'Text' && typeof c.props.variant === 'string' ? /^h([1-5])$/.exec(c.props.variant) : null;
    if (m) topHeading = Math.min(topHeading, Number(m[1]));
  }
  let lastHeading = headingLevel - 1;
  const heading = (level: number): number => {
    lastHeading = Math.max(1, Math.min(6, level - topHeading + headingLevel, lastHeading + 1));
    return lastHeading;
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
        else if (c.component === 'Icon' && (typeof c.props.name === 'string' || (typeof c.props.name === 'object' && c.props.name !== null && 'path' in c.props.name))) words.push(capitalized(iconLabel(resolveString(c.props.name, scopeFor(at)))));
        else if (c.component === 'Button' || c.component === 'Card') queue.push([String(c.props.child), at]);
        else if (Array.isArray(c.props.children)) for (const child of c.props.children.slice(0, 16)) queue.push([String(child), at]);
      } catch {
        // A label that fails to resolve is reported where the Text itself renders.
      }
    }
    return words.filter((w) => w !== '').join(' ').trim();
  };

  while (stack.length > 0) {
    const task = stack.pop()!;
    const siblings = usedIds.get(task.into) ?? new Set<string>(task.into.map(([taken]) => taken));
    usedIds.set(task.into, siblings);
    const id = uniqueId(task.id, siblings);
    const path = [...task.path, id];
    nodes += 1;
    if (nodes > limits.maxNodes) {
      if (nodes === limits.maxNodes + 1) issues.push({ code: 'LIMIT_EXCEEDED', path: '/components', message: `the surface expands to more than ${limits.maxNodes} nodes; the rest is cut` });
      continue;
    }
    const component = surface.component(task.componentId);
    if (component === undefined) {
      task.into.push([id, placeholder(task.componentId)]);
      continue;
    }
    if (task.ancestors.includes(task.componentId)) {
      issues.push({ code: 'VALIDATION_FAILED', path: component.at, message: `component "${component.id.slice(0, 40)}" contains itself (cycle ${[...task.ancestors.slice(-4), task.componentId].join(' → ').slice(0, 200)}); a component may appear only once on a path from root` });
      task.into.push([id, plain(`[cycle at ${component.id.slice(0, 40)}]`)]);
      continue;
    }
    if (task.depth >= limits.maxDepth) {
      issues.push({ code: 'LIMIT_EXCEEDED', path: component.at, message: `components nest deeper than ${limits.maxDepth} levels at "${component.id.slice(0, 40)}"` });
      task.into.push([id, plain('[too deep]')]);
      continue;
    }
    const scope = scopeFor(task.scope);
    const report = (prop: string, error: unknown, code?: string) => {
      const e = error instanceof A2uiError ? error : undefined;
      issues.push({ code: code ?? e?.code ?? 'VALIDATION_FAILED', path: `${component.at}/${prop}`, message: error instanceof Error ? error.message : String(error) });
    };
    const ctx: MapContext = {
      component,
      surface,
      scope,
      key: path.join('/'),
      limits,
      events,
      issue: (prop, message, code) => report(prop, new Error(message), code),
      labelOf,
      heading,
      strOf: (raw, prop) => {
        try {
          return resolveString(raw, scope);
        } catch (error) {
          report(prop, error);
          return '';
        }
      },
      str: (prop) => ctx.strOf(component.props[prop], prop),
      value: (prop) => {
        try {
          return resolveDynamic(component.props[prop], scope);
        } catch (error) {
          report(prop, error);
          return undefined;
        }
      },
      childList: (prop, into) => childSlots(ctx, prop, into, report),
    };
    const mapped = surface.catalog.components.has(component.component) && SERVED_COMPONENTS.has(component.component) ? mapComponent(ctx) : outsideCatalog(ctx);
    origins.set(path.join('/'), component.id);
    task.into.push([id, mapped.particle]);
    // Reverse so the stack pops children in order and each lands after its elder sibling.
    for (let i = mapped.slots.length - 1; i >= 0; i -= 1) {
      const slot = mapped.slots[i]!;
      const slotPath = slot.into === top ? [] : path;
      stack.push({ ...slot, depth: task.depth + 1, ancestors: [...task.ancestors, task.componentId], path: slotPath.concat(pathInside(mapped.particle, slot.into)) });
    }
  }
  return { root: top[0]?.[1] ?? placeholder('root'), issues, origins };
}

const SERVED_COMPONENTS: ReadonlySet<string> = new Set(BASIC_COMPONENTS);

/** A component the surface's catalog lacks (or the bridge cannot render): refused by name, shown as a visible note. */
function outsideCatalog(ctx: MapContext): Mapped {
  const { component: c, surface } = ctx;
  const declared = surface.catalog.components.has(c.component);
  const why = declared ? 'is declared by' : 'is not in';
  ctx.issue('component', `component "${c.component.slice(0, 40)}" (${c.id.slice(0, 40)}) ${why} catalog ${surface.catalogId.slice(0, 120)}${declared ? ' but this client cannot render it' : `; it has ${listNames(surface.catalog.components)}`}`);
  return { particle: typed('alert', [['tone', plain('warning')], ['body', plain(`Unsupported A2UI component "${c.component.slice(0, 40)}" (${c.id.slice(0, 40)})`)]]), slots: [] };
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

function childSlots(ctx: MapContext, prop: string, into: Array<readonly [string, ModelParticle]>, report: (prop: string, error: unknown, code?: string) => void): Slot[] {
  const list = ctx.component.props[prop];
  if (list === undefined) return [];
  if (Array.isArray(list)) {
    return list.slice(0, ctx.limits.maxTemplateItems).filter((id): id is string => typeof id === 'string').map((id) => ({ id, componentId: id, scope: ctx.scope.path, into }));
  }
  if (typeof list !== 'object' || list === null || typeof (list as { componentId?: unknown }).componentId !== 'string' || typeof (list as { path?: unknown }).path !== 'string') {
    report(prop, new Error(`"${prop}" must be an array of component ids or a template {"componentId": "...", "path": "/items"}`));
    return [];
  }
  const template = list as { componentId: string; path: string };
  let pointer = '';
  let items: unknown;
  try {
    pointer = resolvePath(template.path, ctx.scope.path);
    items = resolveDynamic({ path: template.path }, ctx.scope);
  } catch (error) {
    report(`${prop}/path`, error);
    return [];
  }
  if (items === undefined || items === null) return [];
  const entries: Array<[string, string]> = Array.isArray(items) ? items.map((item: unknown, i) => [itemKey(item, i), String(i)]) : typeof items === 'object' ? Object.keys(items).map((k) => [k, k.replace(/~/g, '~0').replace(/\//g, '~1')]) : [];
  if (entries.length > ctx.limits.maxTemplateItems) {
    report(`${prop}/path`, new Error(`the template over ${pointer.slice(0, 60)} has ${entries.length} items; only the first ${ctx.limits.maxTemplateItems} are shown`), 'LIMIT_EXCEEDED');
  }
  const base = pointer === '/' ? '' : pointer;
  return entries.slice(0, ctx.limits.maxTemplateItems).map(([key, segment]) => ({ id: key, componentId: template.componentId, scope: `${base}/${segment}`, into }));
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
