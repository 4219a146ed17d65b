import type { DataModel } from './data-model.ts';
import { parseTemplate, type ExpressionPart } from './expression.ts';
import { callBasicFunction, type FunctionHost } from './functions.ts';
import { resolvePath } from './json-pointer.ts';
import { A2uiError } from './limits.ts';

/** Where a dynamic value is evaluated: the surface's model and the template item's pointer. */
export interface Scope {
  model: DataModel;
  /** `/` at the top, `/items/2` inside the third item of a template over `/items`. */
  path: string;
  host: Omit<FunctionHost, 'formatString'>;
}

/** Nesting of function calls inside arguments; deeper is a hostile message. */
const MAX_CALL_DEPTH = 16;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True for `{path: "..."}` with nothing else, the DataBinding shape. */
export function isBinding(v: unknown): v is { path: string } {
  return isRecord(v) && typeof v.path === 'string' && Object.keys(v).length === 1;
}

/** True for `{call: "...", args?, returnType?}`, the FunctionCall shape. */
export function isCall(v: unknown): v is { call: string; args?: Record<string, unknown> } {
  return isRecord(v) && typeof v.call === 'string';
}

/** The absolute pointer a `{path}` binding names in this scope. */
export function bindingPointer(binding: { path: string }, scope: Scope): string {
  return resolvePath(binding.path, scope.path);
}

/**
 * Resolves a Dynamic* value: literals stay, `{path}` reads the model (relative paths in the
 * template scope), `{call, args}` runs a basic function on resolved arguments. A literal object
 * argument (configuration) passes through unresolved, as the schema allows.
 */
export function resolveDynamic(value: unknown, scope: Scope, depth = 0): unknown {
  if (depth > MAX_CALL_DEPTH)
    throw new A2uiError('EXPRESSION_ERROR', '', `function calls nest deeper than ${MAX_CALL_DEPTH} levels`);
  if (isBinding(value)) return scope.model.get(bindingPointer(value, scope));
  if (isCall(value)) {
    const args = Object.create(null) as Record<string, unknown>;
    if (isRecord(value.args)) {
      for (const [name, arg] of Object.entries(value.args)) {
        args[name] = Array.isArray(arg)
          ? arg.map((item) => resolveDynamic(item, scope, depth + 1))
          : resolveDynamic(arg, scope, depth + 1);
      }
    }
    return callBasicFunction(value.call, args, {
      ...scope.host,
      formatString: (template) => formatTemplate(template, scope, depth + 1),
    });
  }
  return value;
}

function partValue(part: ExpressionPart, scope: Scope, depth: number): unknown {
  if (typeof part !== 'object') return part;
  if ('path' in part) return scope.model.get(resolvePath(part.path, scope.path));
  return resolveDynamic({ call: part.call, args: part.args }, scope, depth + 1);
}

/** Interpolates a formatString template in the scope; objects are shown as JSON, null as "". */
export function formatTemplate(template: string, scope: Scope, depth = 0): string {
  if (template.length > scope.host.maxStringLength)
    throw new A2uiError(
      'LIMIT_EXCEEDED',
      '',
      `formatString template has ${template.length} characters; at most ${scope.host.maxStringLength}`,
    );
  return parseTemplate(template)
    .map((part) => {
      const v = partValue(part, scope, depth);
      return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string);
    })
    .join('');
}

/** Resolves to a display string (undefined and null → ""; objects as JSON). */
export function resolveString(value: unknown, scope: Scope): string {
  const v = resolveDynamic(value, scope);
  return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string);
}
