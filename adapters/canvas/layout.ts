import type { ModelParticle } from '../../generator/kit.ts';
import type { LayoutMode } from '../../shared/neighbours/canvas/ops.ts';
import { g, plain, toText, type Child } from './particles.ts';
import { MAIN_ZONE, orderedComponents, zoneComponents, type CanvasComponent, type CanvasState } from './state.ts';

/** The container type of a zone per layout mode (auto and rows stack, dashboard is a grid, columns a row). */
const CONTAINER: Record<Exclude<LayoutMode, 'focus'>, string> = {
  auto: 'column',
  rows: 'column',
  dashboard: 'grid',
  columns: 'row',
};

/** Zone ids in the tree: `zone:<name>` (component ids cannot contain a space but zones may; they are ids here only). */
export const zoneId = (zone: string) => `zone:${zone}`;

/**
 * The canvas's particle tree: zones in first-seen order, each one container of its layout type,
 * each component keyed by its own id (so the keyed diff turns a patch into one leaf op and a move
 * into a suip move). The main zone is the container itself; other zones are titled sections.
 * `focus`: the last-touched component first, every other one in an "Other" accordion.
 */
export function canvasTree(state: CanvasState, view: (component: CanvasComponent) => ModelParticle): ModelParticle {
  if (state.mode === 'focus') return focusTree(state, view);
  const type = CONTAINER[state.mode];
  return g(
    'column',
    state.zones.map((zone): Child => {
      const container = g(
        type,
        zoneComponents(state, zone).map((c) => [c.id, view(c)] as const),
      );
      return [
        zoneId(zone),
        zone === MAIN_ZONE
          ? container
          : g('section', [
              ['title', plain(zone)],
              ['content', container],
            ]),
      ];
    }),
  );
}

function focusTree(state: CanvasState, view: (component: CanvasComponent) => ModelParticle): ModelParticle {
  const all = orderedComponents(state);
  const focused = all.find((c) => c.id === state.focus) ?? all.at(-1);
  const others = all.filter((c) => c !== focused);
  const children: Child[] = [];
  if (focused !== undefined) children.push([focused.id, view(focused)]);
  if (others.length > 0)
    children.push([
      'zone:others',
      g(
        'accordion',
        others.map(
          (c) =>
            [
              c.id,
              g('section', [
                ['title', plain(titleOf(c))],
                ['content', view(c)],
              ]),
            ] as const,
        ),
      ),
    ]);
  return g('column', children);
}

/** A component's name for people: its title or label, else its id. */
export function titleOf(c: CanvasComponent): string {
  return toText(c.data.title ?? c.data.label ?? c.data.city) || c.id;
}
