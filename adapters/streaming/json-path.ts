/** One step of a JSON path: an object key or an array index. */
export type PathSegment = string | number;

/** A compiled path pattern: keys, with `*` matching any key or index. */
export type PathPattern = readonly string[];

const SIMPLE_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Compiles a path pattern written as `$`, `$.a.b`, `$.a.*`, `$.a[*]` or `$.a[0]` (the subset of
 * JSONPath that `@streamparser/json` accepts, plus indexes). Throws on anything else, so a typo in
 * an adapter's configuration fails at start, not silently on every stream.
 */
export function compilePath(pattern: string): PathPattern {
  if (!pattern.startsWith('$')) throw new Error(`path pattern ${JSON.stringify(pattern)} must start with "$"`);
  const out: string[] = [];
  const re = /\.([A-Za-z_$][A-Za-z0-9_$-]*|\*)|\[(\*|\d+)\]/y;
  re.lastIndex = 1;
  while (re.lastIndex < pattern.length) {
    const at = re.lastIndex;
    const m = re.exec(pattern);
    if (m === null)
      throw new Error(
        `path pattern ${JSON.stringify(pattern)}: cannot read it from character ${at}; use $.key, $.*, $[*] or $[3]`,
      );
    out.push(m[1] ?? m[2]!);
  }
  return out;
}

/** True when `path` (exactly as long as the pattern) matches it; `*` matches any key or index. */
export function matchesPath(pattern: PathPattern, path: readonly PathSegment[], length = path.length): boolean {
  if (pattern.length !== length) return false;
  for (let i = 0; i < length; i += 1) {
    const step = pattern[i]!;
    if (step !== '*' && step !== String(path[i])) return false;
  }
  return true;
}

/** `$.updateComponents.components[3].text`: a path as a model reads it in an error message. */
export function formatPath(path: readonly PathSegment[], length = path.length): string {
  let out = '$';
  for (let i = 0; i < length; i += 1) {
    const step = path[i]!;
    if (typeof step === 'number') out += `[${step}]`;
    else out += SIMPLE_KEY.test(step) ? `.${step}` : `[${JSON.stringify(step.slice(0, 60))}]`;
    if (out.length > 300) return `${out.slice(0, 300)}…`;
  }
  return out;
}
