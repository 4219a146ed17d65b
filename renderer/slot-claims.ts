import type { GroupParticle } from '../shared/index.ts';
import type { ViewSlots } from './view/view-context.ts';

/** A slot element on screen, as the registry sees it: where it is and how to redraw it. */
interface SlotElement {
  requestUpdate(): void;
  path?: readonly string[];
}

/**
 * Which mount a slot may show (the host's `MountOptions.slotOf`) and which slot shows it: the
 * first slot that asked, for as long as that slot is on screen. Owns the slot elements on screen,
 * which are redrawn whenever the tree changes (a slot shows a subtree its own particle does not
 * reference, so the view's diff cannot see its changes).
 */
export class SlotClaims implements ViewSlots {
  /** Mount → the generator whose slots may show it. */
  private readonly slotOf = new Map<string, string>();
  /** Mount → the slot (its path, as JSON) that shows it. */
  private readonly claims = new Map<string, string>();
  private readonly elements = new Set<SlotElement>();

  private readonly subtree: (mount: string) => GroupParticle | undefined;

  /** `subtree(mount)`: the mount's subtree in the current tree. */
  constructor(subtree: (mount: string) => GroupParticle | undefined) {
    this.subtree = subtree;
  }

  /** The host said at attach that `mount` is shown in the slots of generator `owner`. */
  allow(mount: string, owner: string): void {
    this.slotOf.set(mount, owner);
  }

  /** `mount` is gone: its permission and its claim with it. */
  forget(mount: string): void {
    this.slotOf.delete(mount);
    this.claims.delete(mount);
  }

  nested(mount: string): boolean {
    return this.slotOf.has(mount);
  }

  resolve(path: readonly string[], mount: string): GroupParticle | undefined {
    // SECURITY: a program shows another mount only where the host said so at attach.
    if (this.slotOf.get(mount) !== path[0]) return undefined;
    const key = JSON.stringify(path);
    const claim = this.claims.get(mount);
    if (
      claim !== undefined &&
      claim !== key &&
      [...this.elements].some((element) => JSON.stringify(element.path) === claim)
    ) {
      return undefined;
    }
    this.claims.set(mount, key);
    return this.subtree(mount);
  }

  watch(element: SlotElement): void {
    this.elements.add(element);
  }

  unwatch(element: SlotElement): void {
    this.elements.delete(element);
  }

  /** True while any slot is on screen (the view then redraws them instead of writing leaves directly). */
  get shown(): boolean {
    return this.elements.size > 0;
  }

  /** Redraw every slot on screen. */
  redraw(): void {
    for (const element of this.elements) element.requestUpdate();
  }
}
