import type { GroupParticle, Particle } from '../../shared/index.ts';
import { childPath } from './child-path.ts';
import { viewShowing, type ParticleView } from './element-registry.ts';
import type { ViewContext } from './view-context.ts';

/**
 * Which children a group element's last render read into its own template (a title, a label, an
 * option list) instead of handing them to a child element. `all` when it read its entries wholesale.
 */
export interface InlineReads {
  all: boolean;
  ids: Set<string>;
}

/** A fresh record, for the start of a render. */
export function noInlineReads(): InlineReads {
  return { all: false, ids: new Set() };
}

/** True when `a` and `b` render as the same element: the same kind, and for a group the same type. */
export function sameElementKind(a: Particle, b: Particle): boolean {
  if ('group' in a) return 'group' in b && a.type === b.type;
  if ('text' in a) return 'text' in b;
  return 'data' in b;
}

/**
 * When a group changed only below it — same type, same `on`, the same ids in the same order, and
 * every changed child shown by a child element of the same kind that the group's own template
 * did not read — the group's render would produce exactly what is on screen except for those
 * children's `.particle`. Then this returns the child elements with their new particles, and the
 * group can hand them over instead of re-rendering (and re-running `repeat` over every child,
 * which is what made a token cost O(width) along its path). Otherwise `undefined`: render.
 */
export function forwardTargets(
  before: GroupParticle,
  after: GroupParticle,
  path: readonly string[],
  context: ViewContext,
  inline: InlineReads,
): Array<[ParticleView, Particle]> | undefined {
  if (inline.all || before.type !== after.type || before.on !== after.on) return undefined;
  const old = before.group;
  const next = after.group;
  // One array edited in place (a wide list, core/tree/undo-log.ts): `before` no longer says which
  // children changed, so the group renders, and its keyed list compares against what it shows.
  if (!Array.isArray(old) || !Array.isArray(next) || old === next || old.length !== next.length) return undefined;
  const targets: Array<[ParticleView, Particle]> = [];
  for (let i = 0; i < old.length; i += 1) {
    const [id, was] = old[i]!;
    const [nextId, now] = next[i]!;
    if (id !== nextId) return undefined;
    if (was === now) continue;
    if (inline.ids.has(id) || !sameElementKind(was, now)) return undefined;
    const element = viewShowing(context, childPath(path, id), was);
    if (!element) return undefined;
    targets.push([element, now]);
  }
  return targets;
}
