import type { Checker } from './check.ts';
import { describeValue } from './describe.ts';
import { ErrorCode } from './error-codes.ts';
import { opError, type SuipErrorObject } from './error.ts';
import type { Limits } from './limits.ts';
import { Method, OP_METHODS } from './methods.ts';
import type { Op } from './ops.ts';
import { checkId } from './validate-particle.ts';
import {
  checkAppendParams,
  checkAppendParticleParams,
  checkAppendTextParams,
  checkInsertParams,
  checkRemoveParams,
  checkReplaceParams,
} from './wire-checks.ts';

const APPEND_PARTICLE = `${Method.append}#particle`;
const APPEND_TEXT = `${Method.append}#text`;

const checks = new Map<string, Pick<Checker<never>, 'firstError'>>([
  [Method.append, checkAppendParams],
  // The two forms of append, checked one by one only to word the error after the form that was meant.
  [APPEND_PARTICLE, checkAppendParticleParams],
  [APPEND_TEXT, checkAppendTextParams],
  [Method.insert, checkInsertParams],
  [Method.remove, checkRemoveParams],
  [Method.replace, checkReplaceParams],
]);

const EXAMPLES = new Map<string, string>([
  [
    Method.append,
    '{"path": ["list"], "id": "item-1", "particle": {"text": "Hi"}} or, to stream ' +
      'into a text particle, {"path": ["list", "item-1"], "text": " more"}',
  ],
  [APPEND_PARTICLE, '{"path": ["list"], "id": "item-1", "particle": {"text": "Hi"}}'],
  [APPEND_TEXT, '{"path": ["list", "item-1"], "text": " more"}'],
  [Method.insert, '{"path": ["list"], "id": "item-0", "particle": {"text": "Hi"}, "before": "item-1"}'],
  [Method.remove, '{"path": ["list", "item-1"]}'],
  [Method.replace, '{"path": ["list", "item-1"], "particle": {"text": "Bye"}}'],
]);

/** The result of checking one op's envelope and shallow params (particles are checked when applied). */
export type OpCheck = { ok: true; op: Op } | { ok: false; error: SuipErrorObject };

/**
 * Checks that `method` + `params` form an op with well-shaped params and a path within limits.
 * Particles inside are left to `validateParticle`, which needs the tree's depth and budget.
 * Never throws; methods are looked up in a `Map`, so `"constructor"` is just unknown.
 */
export function checkOp(method: unknown, params: unknown, index: number, limits: Limits): OpCheck {
  try {
    return checkUnguarded(method, params, index, limits);
  } catch {
    // Only in-process values (a Proxy, a throwing getter) get here; JSON.parse output never does.
    return {
      ok: false,
      error: opError(ErrorCode.InvalidParams, 'the op could not be read; send plain JSON', { index }),
    };
  }
}

function checkUnguarded(method: unknown, params: unknown, index: number, limits: Limits): OpCheck {
  if (typeof method !== 'string' || !OP_METHODS.has(method)) {
    return {
      ok: false,
      error: opError(
        ErrorCode.MethodNotFound,
        `${describeValue(method)} is not an op; ops are suip/ops/append, ` +
          `suip/ops/insert, suip/ops/remove and suip/ops/replace`,
        { index },
      ),
    };
  }
  const form = method === Method.append ? appendForm(params) : method;
  const check = checks.get(form)!;
  const path = readPath(params);
  try {
    const error = check.firstError(params);
    if (error !== undefined) {
      return {
        ok: false,
        error: opError(
          ErrorCode.InvalidParams,
          `params are malformed at ${error}; expected params like ${EXAMPLES.get(form)}`,
          { method, index, path },
        ),
      };
    }
  } catch {
    return {
      ok: false,
      error: opError(
        ErrorCode.InvalidParams,
        `params could not be read; expected params like ${EXAMPLES.get(method)}`,
        { method, index },
      ),
    };
  }
  const op = { method, params } as Op;
  if (op.params.path.length > limits.maxDepth) {
    return {
      ok: false,
      error: opError(
        ErrorCode.LimitExceeded,
        `the path has ${op.params.path.length} ids; maxDepth is ${limits.maxDepth}; flatten the tree`,
        { method, index },
      ),
    };
  }
  for (const id of op.params.path) {
    if (id.length > limits.maxIdLength) {
      return {
        ok: false,
        error: opError(
          ErrorCode.LimitExceeded,
          `a path id has ${id.length} characters; maxIdLength is ${limits.maxIdLength}; use a shorter id`,
          { method, index },
        ),
      };
    }
  }
  // SECURITY: the new id and the `before` sibling of append/insert obey the same rules as ids inside
  // particles (length, no "__proto__"/"constructor"/"prototype"), so no reserved id ever enters a tree.
  for (const field of ['id', 'before'] as const) {
    const id = (op.params as Partial<Record<typeof field, string>>)[field];
    const issue = id === undefined ? undefined : checkId(id, `params.${field}`, limits);
    if (issue) return { ok: false, error: opError(issue.code, issue.message, { method, index, path: op.params.path }) };
  }
  return { ok: true, op };
}

/** Which append form the sender meant: `text` without `id` is streaming, `id` is adding; else either. */
function appendForm(params: unknown): string {
  if (typeof params !== 'object' || params === null) return Method.append;
  const has = (key: string) => Object.hasOwn(params, key);
  if (has('id')) return APPEND_PARTICLE;
  if (has('text')) return APPEND_TEXT;
  return Method.append;
}

function readPath(params: unknown): string[] | undefined {
  if (typeof params !== 'object' || params === null || !Object.hasOwn(params, 'path')) return undefined;
  const path = (params as { path: unknown }).path;
  if (!Array.isArray(path) || path.length > 64) return undefined;
  // An index loop, not `every`: `every` skips the holes of a sparse array, and a hole is no id.
  for (let i = 0; i < path.length; i += 1) if (typeof path[i] !== 'string') return undefined;
  return path as string[];
}
