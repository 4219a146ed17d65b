import { selectors, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The selector engine's name: `suip_path=assistant/card/title` (Playwright allows `[a-zA-Z0-9_]` only). */
export const PARTICLE_ENGINE = 'suip_path';

/**
 * The engine, run in the page: every element that shows a particle carries its absolute `path`
 * (an array of ids whose first is the generator's mount id) as a property, not an attribute, so
 * CSS cannot select it. This walks the subtree of `root` through open shadow roots and matches
 * that property. Self-contained: Playwright sends its source to the page.
 */
function particleEngine() {
  const parse = (selector: string): string[] =>
    selector.trim().startsWith('[')
      ? (JSON.parse(selector) as string[])
      : selector.split('/').filter((id) => id !== '');
  const matches = (element: Element, path: string[]) => {
    const own = (element as Element & { path?: unknown }).path;
    return Array.isArray(own) && own.length === path.length && own.every((id, index) => id === path[index]);
  };
  const all = (root: Element | Document, path: string[]) => {
    const found: Element[] = [];
    const walk = (node: Element | Document | ShadowRoot) => {
      for (const child of Array.from(node.children)) {
        if (matches(child, path)) found.push(child);
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    };
    if ('shadowRoot' in root && root.shadowRoot) walk(root.shadowRoot);
    walk(root);
    return found;
  };
  return {
    query: (root: Element | Document, selector: string) => all(root, parse(selector))[0] ?? null,
    queryAll: (root: Element | Document, selector: string) => all(root, parse(selector)),
  };
}

let registered: Promise<void> | undefined;

/**
 * Register the `suip_path` selector engine with Playwright (once per worker; later calls wait for
 * the first). `installSuipTesting` calls it; call it yourself to use `particle` alone.
 */
export function registerParticleEngine(): Promise<void> {
  registered ??= selectors.register(PARTICLE_ENGINE, particleEngine).catch((error: unknown) => {
    // Another copy of suip/testing in the same worker registered it first: the engine is there.
    if (!(error instanceof Error && error.message.includes('already registered'))) throw error;
  });
  return registered;
}

/**
 * A locator for the element showing the particle at `path`, through the renderer's shadow roots:
 * `particle(page, 'assistant/card/title')` or `particle(page, ['assistant', 'card', 'title'])`.
 * The first id is the generator's mount id (`attach({ id })`), then the ids of the groups down to
 * the particle; a program's `render(group('card', …))` puts the card at `<mount id>/root` (a plain
 * group with no type gives its children to the mount directly). Scope it with a locator when a page holds several
 * renderers. A text a group draws itself (a button's label) has no element of its own: locate the group. Needs
 * `registerParticleEngine()` (or `installSuipTesting`) once before.
 */
export function particle(scope: Page | Locator | FrameLocator, path: string | readonly string[]): Locator {
  const ids = typeof path === 'string' ? path.split('/').filter((id) => id !== '') : [...path];
  if (ids.length === 0) throw new Error('particle() needs a path: the mount id first, e.g. "assistant/card/title"');
  return scope.locator(`${PARTICLE_ENGINE}=${JSON.stringify(ids)}`);
}
