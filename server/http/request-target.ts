/**
 * The request target of an HTTP request or upgrade as a URL, or `undefined` when it is none.
 * A target such as `//` or `//[` makes `new URL` throw; every listener calls this instead, so a
 * hostile request target is answered 400 `BAD_PATH` and never ends the process.
 */
export function parseTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://localhost');
  } catch {
    return undefined;
  }
}
