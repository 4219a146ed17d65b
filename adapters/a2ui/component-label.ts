import { iconLabel } from './icons.ts';
import { resolveString, type Scope } from './resolve.ts';
import type { Surface } from './surface.ts';

/** Components read for one label (breadth first); a deeper subtree adds nothing a reader needs. */
const MAX_LABEL_COMPONENTS = 64;
/** Children of one container read for a label. */
const MAX_LABEL_CHILDREN = 16;

/** Whether an Icon's `name` is a literal or a data binding (anything else cannot name an icon). */
function namesIcon(name: unknown): boolean {
  return typeof name === 'string' || (typeof name === 'object' && name !== null && 'path' in name);
}

/** `skip previous` → `Skip previous`: an icon's label as a button's text. */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The accessible label of a component's subtree: its Texts' words in breadth-first order, an
 * icon-only part labelled by what its icon means. Bounded, and a part that fails to resolve adds
 * nothing (it is reported where it renders itself).
 */
export function componentLabel(
  surface: Surface,
  scopeFor: (path: string) => Scope,
  componentId: string,
  scopePath: string,
): string {
  const words: string[] = [];
  const queue: Array<[string, string]> = [[componentId, scopePath]];
  for (let seen = 0; queue.length > 0 && seen < MAX_LABEL_COMPONENTS; seen += 1) {
    const [id, at] = queue.shift()!;
    const c = surface.component(id);
    if (c === undefined) continue;
    try {
      if (c.component === 'Text') words.push(resolveString(c.props.text, scopeFor(at)));
      // An icon-only Button (a player's skip and play) is labelled by what its icon means, not "Button".
      else if (c.component === 'Icon' && namesIcon(c.props.name))
        words.push(capitalized(iconLabel(resolveString(c.props.name, scopeFor(at)))));
      else if (c.component === 'Button' || c.component === 'Card') queue.push([String(c.props.child), at]);
      else if (Array.isArray(c.props.children))
        for (const child of c.props.children.slice(0, MAX_LABEL_CHILDREN)) queue.push([String(child), at]);
    } catch {
      // A label that fails to resolve is reported where the Text itself renders.
    }
  }
  return words
    .filter((word) => word !== '')
    .join(' ')
    .trim();
}
