import type { EventHandler, GroupParticle, Particle } from '../../shared/index.ts';
import type { HandlerFunction, HandlerSpec, ModelGroup, ModelParticle } from './builders.ts';

interface Converted {
  /** The path of the group's parent, as `JSON.stringify` writes it ("" for the root). */
  parent: string;
  /** The group's own id under that parent ("" for the root). */
  id: string;
  wire: Particle;
}

/**
 * Maps handler functions to opaque handler ids and model particles to wire particles.
 *
 * A handler id belongs to a slot (the group's path plus the event name), not to a function: a
 * view that builds a fresh closure on every render keeps the same id, so the diff sees no change
 * and the DOM node (with its focus) survives. The newest function in a slot wins. The id is a
 * hash of the slot, so a new generator that adopts a kept subtree (protocol 1.1 hand-over, a
 * re-run on a longer prefix) names the same handlers the same way and its first diff is empty. Converted
 * subtrees are cached per model object, so an unchanged subtree stays `===` on the wire and the
 * diff skips it.
 */
export class HandlerRegistry {
  private readonly functions = new Map<string, HandlerFunction>();
  private readonly slots = new Map<string, string>();
  /** Which slot owns each id (a hash collision takes the next free suffix). */
  private readonly owners = new Map<string, string>();
  private readonly cache = new WeakMap<object, Converted>();

  /** The function behind a handler id; undefined for unknown or stale ids (which are ignored). */
  lookup(handler: unknown): HandlerFunction | undefined {
    return typeof handler === 'string' ? this.functions.get(handler) : undefined;
  }

  /** How many handler functions are held. */
  get size(): number {
    return this.functions.size;
  }

  /**
   * Forget every handler the tree `root` does not use (slots of removed groups). Called when the
   * renderer holds exactly `root`, so no pending tree needs the others; a late event for a pruned
   * id is ignored like any stale one.
   */
  prune(root: Particle): void {
    const live = new Set<string>();
    const stack: Particle[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (!('group' in node)) continue;
      if (node.on !== undefined)
        for (const spec of Object.values(node.on)) if (spec !== undefined) live.add(spec.handler);
      for (const entry of node.group) stack.push(entry[1]);
    }
    for (const id of this.functions.keys()) if (!live.has(id)) this.functions.delete(id);
    for (const [slot, id] of this.slots) {
      if (live.has(id)) continue;
      this.slots.delete(slot);
      this.owners.delete(id);
    }
  }

  /** Forget every handler (after shutdown, events are ignored). */
  clear(): void {
    this.functions.clear();
  }

  /** The wire form of a model particle sitting at `path` (relative to the generator root). */
  toWire(particle: ModelParticle, path: readonly string[]): Particle {
    if (path.length === 0) return this.toWireAt(particle, '', path, '');
    return this.toWireAt(particle, JSON.stringify(path.slice(0, -1)), path.slice(0, -1), path[path.length - 1]!);
  }

  /**
   * `toWire` of the child `id` of the group at `parentPath` (`parent` is that path stringified
   * once by the caller). An unchanged child is found by its parent's key and its id, with no path
   * built for it: a streaming program re-renders its whole list per token, and a path array and
   * its text per child was most of what an unchanged list cost.
   */
  private toWireAt(particle: ModelParticle, parent: string, parentPath: readonly string[], id: string): Particle {
    if (typeof particle !== 'object' || particle === null || !('group' in particle) || !Array.isArray(particle.group))
      return particle as Particle;
    const cached = this.cache.get(particle);
    if (cached !== undefined && cached.id === id && cached.parent === parent) return cached.wire;
    // Only the root has the parent key "" (a child's is its parent's path as JSON): a root child
    // whose id is "" still gets its own path.
    const wire = this.convertGroup(particle, parent === '' ? [] : [...parentPath, id]);
    this.cache.set(particle, { parent, id, wire });
    return wire;
  }

  private convertGroup(model: ModelGroup, path: readonly string[]): GroupParticle {
    const key = JSON.stringify(path);
    const entries = model.group;
    // The wire entries are copied only from the first child whose wire form differs (a group with
    // a handler below it): a list of plain items is its own wire form, with no array built for it.
    let children: Array<[string, Particle]> | undefined;
    for (let i = 0; i < entries.length; i += 1) {
      const [id, child] = entries[i]!;
      const wire = this.toWireAt(child, key, path, id);
      if (children === undefined && wire !== child)
        children = entries.slice(0, i).map(([before, particle]) => [before, particle as Particle]);
      children?.push([id, wire]);
    }
    let same = children === undefined;
    let on: Record<string, EventHandler> | undefined;
    if (model.on !== undefined && typeof model.on === 'object') {
      on = {};
      for (const [name, spec] of Object.entries(model.on)) {
        const handler = this.handlerFor(spec as HandlerSpec, path, name);
        if (handler === undefined) continue;
        on[name] = handler;
        if (handler !== spec) same = false;
      }
    }
    if (same) return model as unknown as GroupParticle;
    const result: Record<string, unknown> = {
      group: children ?? entries.map(([id, particle]) => [id, particle as Particle]),
    };
    if (model.type !== undefined) result.type = model.type;
    if (on !== undefined) result.on = on;
    return result as unknown as GroupParticle;
  }

  private handlerFor(spec: HandlerSpec, path: readonly string[], event: string): EventHandler | undefined {
    if (typeof spec === 'function') return { handler: this.register(spec, path, event) };
    if (typeof spec !== 'object' || spec === null) return undefined;
    if (typeof spec.handler === 'string') return spec as EventHandler;
    if (typeof spec.handler !== 'function') return undefined;
    const { handler, ...options } = spec;
    return { ...options, handler: this.register(handler, path, event) };
  }

  private register(fn: HandlerFunction, path: readonly string[], event: string): string {
    const slot = `${JSON.stringify(path)}#${event}`;
    let id = this.slots.get(slot);
    if (id === undefined) {
      const base = `h${slotHash(slot)}`;
      id = base;
      for (let n = 1; this.owners.has(id); n += 1) id = `${base}-${n}`;
      this.slots.set(slot, id);
      this.owners.set(id, slot);
    }
    this.functions.set(id, fn);
    return id;
  }
}

/** A 53-bit FNV-1a-style hash of a slot in base 36 (two 32-bit lanes; short, stable, not secret). */
function slotHash(slot: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < slot.length; i += 1) {
    const c = slot.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return ((a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff)).toString(36);
}
