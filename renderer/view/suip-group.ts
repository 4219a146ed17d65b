import type { GroupParticle, Particle } from '../../shared/index.ts';
import { baseStyles } from '../theme/base-styles.ts';
import { INLINE_STYLES } from './light-root.ts';
import { SuipGroupElement } from './suip-element.ts';

/** A group without a type: its children stacked (the host is a flex column), no semantics added. */
export class SuipGroup extends SuipGroupElement {
  static override styles = [baseStyles];
  /** No shadow root, no stylesheet: the host is a flex column by its own inline style (light-root.ts). */
  static override bare = INLINE_STYLES['suip-group'];

  /** Whether the host makes no box now (`INLINE_STYLES['suip-group:one-text']`); unset until the first render. */
  declare private boxless: boolean | undefined;

  protected override render(): unknown {
    this.syncBox(this.particle);
    return this.renderOthers();
  }

  /** A structural edit written directly (frame-writes.ts) may change how many children it holds. */
  override adoptParticle(particle: GroupParticle, changed: ReadonlyMap<string, readonly [Particle, number]>): void {
    super.adoptParticle(particle, changed);
    this.syncBox(particle);
  }

  /**
   * A group holding one text, straight in a plain group's light DOM (an item of a list: what a
   * stream adds most), makes no box of its own: the text's box is then one flex item of the parent
   * column, where the group's one-item column put the same box at the same place (a one-item
   * column adds no gap, and both stretch their item to the parent's width). One layout box fewer
   * per item: Paint and compositing inputs per streamed token fall with the boxes Blink walks
   * (docs/benchmarks.md, "Item 1: the native stages with structural edits"). With no child or
   * several, or any child but a text, the host keeps its box: an empty group still takes its gap
   * in the parent column, and another element may render no box at all.
   */
  private syncBox(particle: GroupParticle | undefined): void {
    const parent = this.parentNode;
    const group = particle?.group;
    // SECURITY: a program's root group keeps its box: it sits in the tree's own wrapper (never a
    // plain group), whose `contain: layout paint` rule needs a box to contain anything. (The
    // particle passed the tree's validation: every entry is an [id, particle] pair.)
    const boxless = parent instanceof SuipGroup && group?.length === 1 && 'text' in group[0]![1];
    if (boxless !== !!this.boxless) this.style.display = (this.boxless = boxless) ? 'contents' : 'flex';
  }
}
customElements.define('suip-group', SuipGroup);
