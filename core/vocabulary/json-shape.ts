/**
 * The shape a JSON text role takes (chart series, table rows), as plain data that travels in the
 * handshake with the role, so a model reads it and the check enforces it. A tiny subset of JSON
 * Schema: `type`, `properties` + `required` for objects, `items` for arrays.
 */
export type JsonShape =
  | { type: 'object'; properties?: Record<string, JsonShape>; required?: string[] }
  | { type: 'array'; items?: JsonShape }
  | { type: 'string' | 'number' | 'boolean' | 'scalar' };

const typeOf = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * The first place `value` departs from `shape`, as `"/datasets/0/data: expected an array, got a
 * string"`, or undefined when it fits. Walks along the shape (whose depth is the definition's),
 * with at most `maxItems` array items checked per array.
 */
export function shapeProblem(value: unknown, shape: JsonShape, maxItems = 200): string | undefined {
  const stack: Array<[unknown, JsonShape, string]> = [[value, shape, '']];
  while (stack.length > 0) {
    const [node, want, at] = stack.pop()!;
    const got = typeOf(node);
    const fits = want.type === 'scalar' ? got === 'string' || got === 'number' : got === want.type;
    if (!fits)
      return (
        `${at || '/'}: ` +
        `expected ${want.type === 'scalar' ? 'a string or number' : want.type === 'array' || want.type === 'object' ? `an ${want.type}` : `a ${want.type}`}, ` +
        `got ${got === 'array' || got === 'object' ? `an ${got}` : got}`
      );
    if (want.type === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of want.required ?? [])
        if (!Object.hasOwn(record, key)) return `${at || '/'}: "${key}" is missing`;
      for (const [key, inner] of Object.entries(want.properties ?? {}))
        if (Object.hasOwn(record, key)) stack.push([record[key], inner, `${at}/${key}`]);
    } else if (want.type === 'array' && want.items) {
      const items = node as unknown[];
      for (let i = Math.min(items.length, maxItems) - 1; i >= 0; i -= 1)
        stack.push([items[i], want.items, `${at}/${i}`]);
    }
  }
  return undefined;
}
