import { arrayIndex, formatPointer, isReservedSegment, parsePointer } from './json-pointer.ts';
import { A2uiError, type A2uiLimits } from './limits.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Copies a value from the wire into the model, iteratively: depth, total entries and string
 * length are bounded, reserved keys are refused, and objects get a null prototype so no key of
 * the agent's ever meets `Object.prototype`.
 */
export function cloneValue(value: unknown, limits: A2uiLimits, at: string): Json {
  let entries = 0;
  const fail = (code: string, message: string): never => {
    throw new A2uiError(code, at, message);
  };
  const copy = (v: unknown, depth: number): { out: Json; pending?: Array<[unknown, Json, string | number]> } => {
    if (v === null || typeof v === 'boolean') return { out: v };
    if (typeof v === 'number')
      return { out: Number.isFinite(v) ? v : fail('VALIDATION_FAILED', 'data model numbers must be finite') };
    if (typeof v === 'string')
      return {
        out:
          v.length > limits.maxStringLength
            ? fail(
                'LIMIT_EXCEEDED',
                `a data model string has ${v.length} characters; at most ${limits.maxStringLength}`,
              )
            : v,
      };
    if (depth >= limits.maxValueDepth)
      fail('LIMIT_EXCEEDED', `data model value nests deeper than ${limits.maxValueDepth} levels`);
    if (Array.isArray(v)) {
      entries += v.length;
      if (entries > limits.maxValueEntries)
        fail(
          'LIMIT_EXCEEDED',
          `data model value has more than ${limits.maxValueEntries} entries (array items and object keys); send fewer or page them`,
        );
      const out: Json[] = new Array<Json>(v.length).fill(null);
      return { out, pending: v.map((item, i) => [item, out, i] as [unknown, Json, number]) };
    }
    if (isObject(v)) {
      const keys = Object.keys(v);
      entries += keys.length;
      if (entries > limits.maxValueEntries)
        fail(
          'LIMIT_EXCEEDED',
          `data model value has more than ${limits.maxValueEntries} entries (array items and object keys); send fewer or page them`,
        );
      const out = Object.create(null) as Record<string, Json>;
      const pending: Array<[unknown, Json, string]> = [];
      for (const key of keys) {
        if (isReservedSegment(key))
          fail('VALIDATION_FAILED', `data model key "${key}" is refused (it would reach the prototype); rename it`);
        pending.push([v[key], out, key]);
      }
      return { out, pending };
    }
    return fail('VALIDATION_FAILED', `data model values must be JSON; got ${typeof v}`);
  };
  const first = copy(value, 0);
  const stack: Array<[unknown, Json, string | number, number]> = (first.pending ?? []).map(([v, p, k]) => [v, p, k, 1]);
  while (stack.length > 0) {
    const [v, parent, key, depth] = stack.pop()!;
    const next = copy(v, depth);
    (parent as Record<string | number, Json>)[key] = next.out;
    for (const [cv, cp, ck] of next.pending ?? []) stack.push([cv, cp, ck, depth + 1]);
  }
  return first.out;
}

/** The JSON data model of one surface, addressed by RFC 6901 pointers. */
export class DataModel {
  #root: Json = Object.create(null) as Record<string, Json>;
  readonly #limits: A2uiLimits;

  /**
   * Hears every read while set (the translation sets it around each component instance, so the
   * bridge knows which instances a change re-translates). Reads that throw are not heard: they
   * depend on the pointer's text, not on the model.
   */
  onRead: ((pointer: string, shape: boolean) => void) | undefined;

  constructor(limits: A2uiLimits) {
    this.#limits = limits;
  }

  /**
   * The value at `pointer`, or undefined when any segment is missing. Own properties only.
   * `shape` marks a template's read of its collection: it depends on the keys (and each item's
   * `id`/`key`), not on the items' other values.
   */
  get(pointer: string, shape = false): unknown {
    const segments = parsePointer(pointer, this.#limits.maxPointerSegments);
    this.onRead?.(pointer, shape);
    let node: unknown = this.#root;
    for (const segment of segments) {
      if (Array.isArray(node)) {
        const index = arrayIndex(segment);
        node = index === undefined ? undefined : node[index];
      } else if (isObject(node)) {
        node = Object.hasOwn(node, segment) ? node[segment] : undefined;
      } else return undefined;
      if (node === undefined) return undefined;
    }
    return node;
  }

  /**
   * Writes `value` at `pointer` (creating objects on the way), or deletes the key when `value` is
   * undefined, as `updateDataModel` without a value asks. `""` replaces (or clears) the whole model.
   * Returns the segments of what changed (every value at, above or below them may differ): the
   * array itself when an item is removed (the later items shift), the new index for `-`, and
   * undefined when nothing changed (a delete under a missing parent).
   */
  set(pointer: string, value: unknown): readonly string[] | undefined {
    const segments = parsePointer(pointer, this.#limits.maxPointerSegments);
    const copied = value === undefined ? undefined : cloneValue(value, this.#limits, `/dataModel${pointer}`);
    if (segments.length === 0) {
      this.#root = copied ?? (Object.create(null) as Record<string, Json>);
      return segments;
    }
    let node: unknown = this.#root;
    /** Where the first object this write creates on the way went (with `-` as its index): all below it is new. */
    let created: string[] | undefined;
    for (let i = 0; i < segments.length - 1; i += 1) {
      const segment = segments[i]!;
      const container = node as Record<string, unknown> | unknown[];
      let next = Array.isArray(container)
        ? arrayIndex(segment) === undefined
          ? undefined
          : container[arrayIndex(segment)!]
        : Object.hasOwn(container, segment)
          ? (container as Record<string, unknown>)[segment]
          : undefined;
      if (typeof next !== 'object' || next === null) {
        if (copied === undefined) return undefined;
        next = Object.create(null) as Record<string, Json>;
        const index = this.#assign(container, segment, next, segments.slice(0, i + 1));
        created ??= [...segments.slice(0, i), index === undefined ? segment : String(index)];
      }
      node = next;
    }
    const last = segments[segments.length - 1]!;
    const container = node as Record<string, unknown> | unknown[];
    if (copied === undefined) {
      if (Array.isArray(container)) {
        const index = arrayIndex(last);
        if (index === undefined || index >= container.length) return undefined;
        container.splice(index, 1);
        return segments.slice(0, -1);
      }
      delete (container as Record<string, unknown>)[last];
      return segments;
    }
    const index = this.#assign(container, last, copied, segments);
    return created ?? (index === undefined ? segments : [...segments.slice(0, -1), String(index)]);
  }

  /** Stores `value` under `segment`; returns the index written when `container` is an array. */
  #assign(
    container: Record<string, unknown> | unknown[],
    segment: string,
    value: unknown,
    at: readonly string[],
  ): number | undefined {
    if (Array.isArray(container)) {
      const index = segment === '-' ? container.length : arrayIndex(segment);
      if (index === undefined || index > container.length)
        throw new A2uiError(
          'VALIDATION_FAILED',
          formatPointer(at),
          `"${segment.slice(0, 20)}" is not an index of the array at ${formatPointer(at.slice(0, -1)) || '/'} (length ${container.length})`,
        );
      if (index >= this.#limits.maxValueEntries)
        throw new A2uiError(
          'LIMIT_EXCEEDED',
          formatPointer(at),
          `array index ${index} is beyond the limit of ${this.#limits.maxValueEntries}`,
        );
      container[index] = value;
      return index;
    }
    container[segment] = value;
    return undefined;
  }

  /** A plain-object snapshot (normal prototypes) for sending (`a2uiClientDataModel`) and comparing. */
  snapshot(): unknown {
    return JSON.parse(JSON.stringify(this.#root)) as unknown;
  }
}
