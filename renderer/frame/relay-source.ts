/**
 * The relay script (the Worker runtime embedded), loaded once per page on first need. It is a
 * chunk of its own rather than part of the renderer's entry (issue 31): a host in strict-CSP mode
 * (`sandboxUrl`, the relay is inside the static document) or with remote generators only never
 * loads it, and the entry a first paint waits for is ~15 KB gzip smaller.
 */
let loading: Promise<string> | undefined;

/** The relay source; the first call starts loading its chunk, every later one shares that load. */
export function loadRelaySource(): Promise<string> {
  loading ??= import('./relay-source-text.ts').then((module) => module.RELAY_SOURCE);
  loadSrcdoc().catch(() => undefined);
  // A failed load (the chunk's request failed) is tried again by the next caller.
  loading.catch(() => (loading = undefined));
  return loading;
}

let srcdoc: Promise<typeof import('./srcdoc.ts')> | undefined;

/**
 * The srcdoc builder (the sandbox document's CSP and layout), a chunk of its own like the relay:
 * only a host that builds srcdoc frames loads it. `loadRelaySource` starts it too, so the first
 * frame does not wait for a second request.
 */
export function loadSrcdoc(): Promise<typeof import('./srcdoc.ts')> {
  srcdoc ??= import('./srcdoc.ts');
  srcdoc.catch(() => (srcdoc = undefined));
  return srcdoc;
}
