import type { ModelParticle } from '../../generator/kit.ts';
import { resolvePath } from './json-pointer.ts';
import { A2uiError } from './limits.ts';
import { type BridgeEvents, type MapContext, type Slot } from './map-context.ts';
import { resolveDynamic, resolveString, type Scope } from './resolve.ts';
import type { A2uiComponent, Surface } from './surface.ts';
import type { TranslateIssue } from './translate.ts';

/**
 * The `MapContext` of one instance: a class, not an object of closures, so a walk allocates one
 * small object per instance (a whole translation maps every instance; an update maps the bound ones).
 */
export class InstanceContext implements MapContext {
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

/** The ids from a mapped particle down to the children array a slot fills (a Tabs section, a Modal dialog). */
export function pathInside(particle: ModelParticle, into: Array<readonly [string, ModelParticle]>): string[] {
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

/**
 * The slots of a component's child-list property `prop`: explicit child ids, or a template over a
 * data-model array (keyed by `itemKey`), each slot pushing into `into`; problems go to `report`.
 */
export function childSlots(
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
