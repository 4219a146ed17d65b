import type { HibernationOptions } from './renderer-types.ts';
import type { ProgramRecord } from './hibernation.ts';

// The automatic sweep is a chunk of its own (issue 31): only a renderer created with the
// `hibernation` option loads it; `renderer.hibernate(id)` and the wake path stay in the entry.

/**
 * Hibernate programs idle or off screen past the limits of `options`: one timer for the renderer
 * (a quarter of the shorter limit, between 50 ms and 1 s), and one IntersectionObserver on the
 * mounts' elements when `offscreenMs` is set. `stop` ends both.
 */
export function startHibernationSweep(
  view: HTMLElement,
  programs: ReadonlyMap<string, ProgramRecord>,
  options: HibernationOptions,
  hibernate: (id: string) => void,
): { stop(): void } | undefined {
  const { idleMs, offscreenMs } = options;
  if (idleMs === undefined && offscreenMs === undefined) return undefined;
  const observed = new Map<Element, string>();
  const visibility =
    offscreenMs !== undefined && typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) {
            const record = programs.get(observed.get(entry.target) ?? '');
            if (record !== undefined)
              record.offscreenSince = entry.isIntersecting ? undefined : (record.offscreenSince ?? performance.now());
          }
        })
      : undefined;
  const sweep = () => {
    const now = performance.now();
    if (visibility !== undefined) {
      // Mount elements come and go with attach and detach: watch the current ones.
      const current = mountElements(view);
      const shown = new Set(current.values());
      for (const element of [...observed.keys()]) {
        if (shown.has(element)) continue;
        visibility.unobserve(element);
        observed.delete(element);
      }
      for (const [id, element] of current) {
        if (observed.has(element)) continue;
        observed.set(element, id);
        visibility.observe(element);
      }
    }
    for (const [id, record] of programs) {
      if (record.hibernated || record.waking !== undefined || !record.rendered || record.lifecycle?.status !== 'ready')
        continue;
      const idle = idleMs !== undefined && now - record.lastActive >= idleMs;
      const hidden =
        offscreenMs !== undefined && record.offscreenSince !== undefined && now - record.offscreenSince >= offscreenMs;
      if (idle || hidden) hibernate(id);
    }
  };
  const timer = setInterval(sweep, Math.max(50, Math.min(idleMs ?? Infinity, offscreenMs ?? Infinity, 4000) / 4));
  return {
    stop() {
      clearInterval(timer);
      visibility?.disconnect();
    },
  };
}

/**
 * The element showing each mount at the root of `<suip-tree>` (a mount shown in another's slot is
 * not at the root, and is judged with its host program).
 */
function mountElements(view: HTMLElement): Map<string, Element> {
  const found = new Map<string, Element>();
  const holder = view.shadowRoot?.querySelector('.generators');
  if (holder === null || holder === undefined) return found;
  for (const element of holder.children) {
    // With the provenance mark on (the default), each child is the marked area, named by its
    // data-generator; without it, the program's own element, named by its path.
    const marked = element.hasAttribute('data-suip-mount') ? element.getAttribute('data-generator') : null;
    const path = (element as { path?: readonly string[] }).path;
    const id = marked ?? (path?.length === 1 ? path[0] : undefined);
    if (id !== undefined) found.set(id, element);
  }
  return found;
}
