import type { ModelParticle } from '../../../generator/kit.ts';
import { BUILTINS, mapComponent, unknownType } from '../catalog.ts';
import { g, plain } from '../particles.ts';
import type { CanvasComponent, CanvasState } from '../state.ts';

/** What a component's view needs to know of its widget instance, when it has one. */
export interface InstanceView {
  mount: string;
  /** Why it stopped, when it did. */
  failed?: string;
}

/** Emits one interaction of a built-in control (`action`, `payload`) for the component it is made for. */
export type EmitFor = (id: string) => (action: string, payload: Record<string, unknown>) => void;

interface CachedView {
  data: unknown;
  type: string;
  key: string;
  particle: ModelParticle;
}

/**
 * The particle each component shows, cached per id: a component whose data, type and instance did
 * not change yields the same particle object, so the generator's keyed diff skips it at once. A
 * built-in maps its data; a custom widget shows its instance's slot, or an alert saying why it does
 * not run (stopped, its define refused, the `maxInstances` limit).
 */
export class ComponentViews {
  private readonly cache = new Map<string, CachedView>();

  constructor(
    private readonly maxInstances: number,
    private readonly emit: EmitFor,
  ) {}

  /** The particle of `c` on the canvas `state`, with `instance` its running widget (if any). */
  view(c: CanvasComponent, state: CanvasState, instance: InstanceView | undefined): ModelParticle {
    const key =
      instance === undefined
        ? `builtin|${state.broken.get(c.type)?.reason ?? ''}`
        : `${instance.mount}|${instance.failed ?? ''}`;
    const cached = this.cache.get(c.id);
    if (cached !== undefined && cached.data === c.data && cached.type === c.type && cached.key === key)
      return cached.particle;
    const particle = this.build(c, state, instance);
    this.cache.set(c.id, { data: c.data, type: c.type, key, particle });
    return particle;
  }

  private build(c: CanvasComponent, state: CanvasState, instance: InstanceView | undefined): ModelParticle {
    if (instance !== undefined)
      return instance.failed !== undefined
        ? alert('error', `Widget ${c.id} stopped`, instance.failed)
        : g('slot', [['mount', plain(instance.mount)]]);
    const broken = state.broken.get(c.type);
    if (broken !== undefined)
      return alert(
        'error',
        `Widget ${c.id} is broken`,
        `Its type "${c.type}" was defined, but the define was refused: ${broken.reason}`.slice(0, 500),
      );
    if (state.defines.has(c.type))
      return alert(
        'warning',
        `Widget ${c.id} is not running`,
        `${this.maxInstances} custom widgets run already (limit maxInstances); remove one to start this one.`,
      );
    return BUILTINS.has(c.type) || c.type === 'template'
      ? mapComponent(c.type, c.data, { id: c.id, emit: this.emit(c.id) })
      : unknownType(c.type);
  }
}

function alert(tone: 'error' | 'warning', title: string, message: string): ModelParticle {
  return g('alert', [
    ['tone', plain(tone)],
    ['title', plain(title)],
    ['message', plain(message)],
  ]);
}
