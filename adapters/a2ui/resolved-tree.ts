import { A2uiError } from './limits.ts';
import { resolvePath } from './json-pointer.ts';
import type { FunctionHost } from './functions.ts';
import { resolveDynamic, type Scope } from './resolve.ts';
import type { Surface } from './surface.ts';
import { failingChecksIn } from './checks.ts';

/** A resolved A2UI node: `{id, type, ...props}` with bindings evaluated and children nested. */
export type ResolvedNode = Record<string, unknown>;

const NODE_PROPS = new Set(['child', 'trigger', 'content']);

/**
 * The surface as a resolved A2UI component tree, in the shape `@a2ui/web_core`'s NodeResolver
 * serialises (`toJSON`): ids and types, dynamic props evaluated in their template scope, child
 * ids replaced by nodes, templates expanded, actions as `"<Action>"`, checks with `isValid` and
 * `validationErrors`. It is the bridge's side of the differential test and a debugging view.
 * Iterative, with the cycle, depth and node limits of the translation.
 */
export function resolvedTree(
  surface: Surface,
  host: Omit<FunctionHost, 'formatString' | 'maxStringLength'>,
): ResolvedNode | undefined {
  const limits = surface.limits;
  const scopeFor = (path: string): Scope => ({
    model: surface.model,
    path,
    host: { ...host, maxStringLength: limits.maxStringLength },
  });
  const holder: ResolvedNode = {};
  type Task = { componentId: string; scope: string; set: (node: ResolvedNode) => void; ancestors: readonly string[] };
  const stack: Task[] = [{ componentId: 'root', scope: '/', set: (n) => (holder.root = n), ancestors: [] }];
  let nodes = 0;
  while (stack.length > 0 && nodes < limits.maxNodes) {
    const task = stack.pop()!;
    nodes += 1;
    const c = surface.components.get(task.componentId);
    if (c === undefined || task.ancestors.includes(task.componentId) || task.ancestors.length >= limits.maxDepth) {
      task.set({ id: task.componentId, type: c === undefined ? 'Placeholder' : 'Cyclic' });
      continue;
    }
    const scope = scopeFor(task.scope);
    const node: ResolvedNode = { id: c.id, type: c.component };
    const ancestors = [...task.ancestors, c.id];
    const later: Task[] = [];
    if (Array.isArray(c.props.checks)) {
      const errors = failingChecksIn(c.props.checks, scope);
      node.isValid = errors.length === 0;
      node.validationErrors = errors;
    }
    for (const [prop, raw] of Object.entries(c.props)) {
      if (prop === 'action') node[prop] = '<Action>';
      else if (prop === 'checks' || prop === 'accessibility' || prop === 'weight') node[prop] = raw;
      else if (NODE_PROPS.has(prop) && typeof raw === 'string')
        later.push({ componentId: raw, scope: task.scope, set: (n) => (node[prop] = n), ancestors });
      else if (prop === 'children') {
        const list: ResolvedNode[] = [];
        node[prop] = list;
        const entries = childEntries(raw, scope, limits.maxTemplateItems);
        entries.forEach(([componentId, at], i) =>
          later.push({ componentId, scope: at, set: (n) => (list[i] = n), ancestors }),
        );
      } else if (prop === 'tabs' && Array.isArray(raw)) {
        node[prop] = raw.slice(0, limits.maxTemplateItems).map((tab: unknown) => {
          const t = { ...(tab as Record<string, unknown>) };
          t.title = resolveDynamic(t.title, scope);
          if (typeof t.child === 'string')
            later.push({ componentId: t.child, scope: task.scope, set: (n) => (t.child = n), ancestors });
          return t;
        });
      } else if (prop === 'options' && Array.isArray(raw)) {
        node[prop] = raw.slice(0, limits.maxTemplateItems).map((o: unknown) => ({
          ...(o as Record<string, unknown>),
          label: resolveDynamic((o as Record<string, unknown>).label, scope),
        }));
      } else node[prop] = resolveDynamic(raw, scope);
    }
    task.set(node);
    for (let i = later.length - 1; i >= 0; i -= 1) stack.push(later[i]!);
  }
  return holder.root as ResolvedNode | undefined;
}

function childEntries(raw: unknown, scope: Scope, max: number): Array<[string, string]> {
  if (Array.isArray(raw))
    return raw
      .slice(0, max)
      .filter((id): id is string => typeof id === 'string')
      .map((id) => [id, scope.path]);
  const t = raw as { componentId?: unknown; path?: unknown } | null;
  if (t === null || typeof t !== 'object' || typeof t.componentId !== 'string' || typeof t.path !== 'string')
    throw new A2uiError('VALIDATION_FAILED', '', 'children must be ids or a template');
  const pointer = resolvePath(t.path, scope.path);
  const items = scope.model.get(pointer);
  const base = pointer === '/' ? '' : pointer;
  const keys = Array.isArray(items)
    ? items.map((_, i) => String(i))
    : typeof items === 'object' && items !== null
      ? Object.keys(items)
      : [];
  return keys.slice(0, max).map((k) => [t.componentId as string, `${base}/${k}`]);
}
