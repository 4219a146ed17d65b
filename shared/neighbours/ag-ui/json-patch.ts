/**
 * JSON Patch (RFC 6902) over JSON Pointer (RFC 6901) for AG-UI's `STATE_DELTA`: applied to a copy,
 * so a patch that fails at any operation leaves the state exactly as it was (atomic, as the RFC
 * asks: "the entire patch document SHALL NOT be deemed successful").
 */

/** One operation as the wire carries it (validated here, not trusted). */
export type PatchOperation = { op: string; path: string; from?: string; value?: unknown };

/** Why a patch was refused: the operation's index, its path and what to fix. */
export interface PatchRefusal {
  ok: false;
  /** 0-based index of the failing operation. */
  index: number;
  path: string;
  message: string;
}

/** The patched document, or the refusal. */
export type PatchResult = { ok: true; value: unknown } | PatchRefusal;

// SECURITY: these keys would reach an object's prototype; no path may name them.
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

class Refused extends Error {}

function parsePointer(pointer: unknown): string[] {
  if (typeof pointer !== 'string')
    throw new Refused('the path is not a string (write a JSON Pointer such as "/todos/0/done")');
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw new Refused(`the path ${JSON.stringify(pointer.slice(0, 60))} must start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      if (/~(?![01])/.test(raw))
        throw new Refused(`the segment ${JSON.stringify(raw.slice(0, 40))} has a "~" not followed by 0 or 1`);
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (RESERVED.has(segment))
        throw new Refused(`the segment "${segment}" is refused (it would reach the prototype)`);
      return segment;
    });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies the containers along `segments` (copy on write), so the original document is never touched. */
function copyPath(root: unknown, segments: readonly string[]): unknown {
  const copy = (value: unknown): unknown =>
    Array.isArray(value) ? value.slice() : isObject(value) ? { ...value } : value;
  const top = copy(root);
  let node = top;
  for (const segment of segments) {
    if (Array.isArray(node)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0 || index >= node.length) return top;
      node[index] = copy(node[index]);
      node = node[index];
    } else if (isObject(node) && Object.hasOwn(node, segment)) {
      node[segment] = copy(node[segment]);
      node = node[segment];
    } else return top;
  }
  return top;
}

function arrayIndex(array: unknown[], segment: string, forAdd: boolean): number {
  if (forAdd && segment === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(segment)) throw new Refused(`"${segment.slice(0, 20)}" is not an array index`);
  const index = Number(segment);
  if (index > array.length || (!forAdd && index === array.length))
    throw new Refused(`index ${index} is out of bounds (the array has ${array.length} items)`);
  return index;
}

function parentOf(doc: unknown, segments: readonly string[]): unknown {
  let node = doc;
  for (const segment of segments.slice(0, -1)) node = childOf(node, segment);
  return node;
}

function childOf(node: unknown, segment: string): unknown {
  if (Array.isArray(node)) return node[arrayIndex(node, segment, false)];
  if (isObject(node) && Object.hasOwn(node, segment)) return node[segment];
  throw new Refused(`there is no "${segment.slice(0, 60)}" at this path`);
}

function get(doc: unknown, segments: readonly string[]): unknown {
  let node = doc;
  for (const segment of segments) node = childOf(node, segment);
  return node;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function add(doc: unknown, segments: readonly string[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const parent = parentOf(doc, segments);
  const key = segments[segments.length - 1]!;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else if (isObject(parent)) setOwn(parent, key, value);
  else throw new Refused('the parent of the path is not an object or an array');
  return doc;
}

function remove(doc: unknown, segments: readonly string[]): unknown {
  if (segments.length === 0) throw new Refused('the whole document cannot be removed');
  const parent = parentOf(doc, segments);
  const key = segments[segments.length - 1]!;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, false), 1);
  else if (isObject(parent) && Object.hasOwn(parent, key)) delete parent[key];
  else throw new Refused(`there is no "${key.slice(0, 60)}" to remove`);
  return doc;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]));
  }
  return false;
}

const clone = (value: unknown): unknown => (value === undefined ? undefined : structuredClone(value));

/**
 * The JSON size of `value` in characters (strings counted without escapes), or `Infinity` as soon
 * as it passes `limit`: the walk stops there, so measuring costs at most `limit` work however big
 * the value is.
 */
function jsonSizeWithin(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') size += node.length + 2;
    else if (Array.isArray(node)) {
      size += 2 + node.length;
      for (const item of node) stack.push(item);
    } else if (isObject(node)) {
      for (const key of Object.keys(node)) {
        size += key.length + 4;
        stack.push(node[key]);
      }
      size += 2;
    } else size += node === undefined ? 0 : String(node).length;
    if (size > limit) return Infinity;
  }
  return size;
}

/**
 * Applies `operations` to `document` (never mutated). Refuses, naming the operation and the fix:
 * a non-array patch, more than `maxOps` operations, a patch whose added and copied values come to
 * more than `maxBytes` characters of JSON (counted as each value is added, so 30 `copy` operations
 * that each double the state stop at the budget instead of filling the memory), a `copy`/`move` from
 * the whole document (`""`), an unknown `op`, a missing `value`, a path
 * that does not exist (`remove`, `replace`, `move`/`copy` sources, `test`), an out-of-bounds index,
 * a failed `test`, a move into its own child, and any path naming `__proto__`, `constructor` or
 * `prototype`.
 */
export function applyJsonPatch(
  document: unknown,
  operations: unknown,
  maxOps = 1_000,
  maxBytes = 1 << 20,
): PatchResult {
  if (!Array.isArray(operations))
    return { ok: false, index: -1, path: '', message: 'the delta is not an array of JSON Patch operations' };
  if (operations.length > maxOps)
    return {
      ok: false,
      index: maxOps,
      path: '',
      message:
        `the delta has ${operations.length} operations; at ` +
        `most ${maxOps} are applied at once (send a STATE_SNAPSHOT ` +
        `instead)`,
    };
  let doc = document;
  let spent = 0;
  // SECURITY: every value a patch adds or copies is charged to one budget before it is cloned, so a
  // patch cannot grow the state geometrically (copy from a growing subtree) before the final size check.
  const charge = (value: unknown): void => {
    const size = jsonSizeWithin(value, maxBytes - spent);
    if (size === Infinity)
      throw new Refused(
        `the patch adds or copies more than ${maxBytes} characters of ` +
          `JSON in all (send a smaller delta, or a STATE_SNAPSHOT)`,
      );
    spent += size;
  };
  for (let index = 0; index < operations.length; index += 1) {
    const operation = operations[index] as PatchOperation;
    const path = isObject(operation) && typeof operation.path === 'string' ? operation.path : '';
    try {
      if (!isObject(operation)) throw new Refused('the operation is not an object');
      const segments = parsePointer(operation.path);
      const needsValue = operation.op === 'add' || operation.op === 'replace' || operation.op === 'test';
      if (needsValue && !Object.hasOwn(operation, 'value')) throw new Refused(`"${operation.op}" needs a "value"`);
      if (operation.op === 'add' || operation.op === 'replace') charge(operation.value);
      switch (operation.op) {
        case 'add':
          doc = add(copyPath(doc, segments.slice(0, -1)), segments, clone(operation.value));
          break;
        case 'remove':
          doc = remove(copyPath(doc, segments.slice(0, -1)), segments);
          break;
        case 'replace':
          get(doc, segments);
          doc =
            segments.length === 0
              ? clone(operation.value)
              : add(remove(copyPath(doc, segments.slice(0, -1)), segments), segments, clone(operation.value));
          break;
        case 'move':
        case 'copy': {
          const from = parsePointer(operation.from);
          if (from.length === 0)
            throw new Refused(
              `"${operation.op}" from the whole document ("") is refused; name a member, such as "/todos"`,
            );
          const source = get(doc, from);
          if (operation.op === 'copy') charge(source);
          const value = operation.op === 'copy' ? clone(source) : source;
          if (operation.op === 'move') {
            if (segments.length > from.length && from.every((s, i) => s === segments[i]))
              throw new Refused('a value cannot be moved into one of its own children');
            doc = remove(copyPath(doc, from.slice(0, -1)), from);
          }
          doc = add(copyPath(doc, segments.slice(0, -1)), segments, value);
          break;
        }
        case 'test':
          if (!equal(get(doc, segments), operation.value))
            throw new Refused('the test failed: the value at the path is not the one given');
          break;
        default:
          throw new Refused(
            `unknown op ${JSON.stringify(String(operation.op).slice(0, 20))}; ` +
              `use add, remove, replace, move, copy or test`,
          );
      }
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      return {
        ok: false,
        index,
        path: path.slice(0, 200),
        message:
          `operation ${index} ` +
          `(${String((operation as { op?: unknown })?.op ?? '?').slice(0, 20)} ${JSON.stringify(path.slice(0, 120))}) ` +
          `was refused: ${error.message}; the state was left unchanged`,
      };
    }
  }
  return { ok: true, value: doc };
}
