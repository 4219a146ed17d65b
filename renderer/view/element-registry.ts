import type { Particle } from '../../shared/index.ts';
import type { ViewContext } from './view-context.ts';

/** What the registry holds: an element showing one particle at one path of one view. */
export interface ParticleView extends HTMLElement {
  particle: Particle;
  path: readonly string[];
  context: ViewContext;
}

// Keyed by the view's context first: two renderers share `childPath`'s path arrays (both start
// from ROOT_PATH), never their context. The path arrays are `childPath`'s memoised ones, so an
// element's own `path` is the key and a lookup allocates nothing.
const views = new WeakMap<ViewContext, WeakMap<readonly string[], ParticleView>>();

/**
 * Record `element` as the one showing its path, when this update set its `path` or `context`
 * (call from `willUpdate`, so every element kind registers under the same rule).
 */
export function registerView(element: ParticleView, changed: ReadonlyMap<PropertyKey, unknown>): void {
  if (!changed.has('path') && !changed.has('context')) return;
  const { context, path } = element;
  if (!context || !path) return;
  let byPath = views.get(context);
  if (!byPath) {
    byPath = new WeakMap();
    views.set(context, byPath);
  }
  byPath.set(path, element);
}

/**
 * The connected element of view `context` that shows exactly `particle` at `path`, if there is one.
 * Checking the particle too means a stale entry (a removed element, a replaced one) never matches.
 */
export function viewShowing(
  context: ViewContext,
  path: readonly string[],
  particle: Particle,
): ParticleView | undefined {
  const element = views.get(context)?.get(path);
  return element && element.particle === particle && element.isConnected ? element : undefined;
}

/**
 * The connected element of view `context` at `path`, whatever particle it shows: what the screen
 * shows there, for a group whose children array a transaction edited in place (core/tree/undo-log.ts),
 * where the tree shown before holds the same array and so no longer says what was shown.
 */
export function viewAt(context: ViewContext, path: readonly string[]): ParticleView | undefined {
  const element = views.get(context)?.get(path);
  return element?.isConnected === true ? element : undefined;
}
