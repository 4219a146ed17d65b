import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { renderEntries } from '../render-particle.ts';
import { SuipGroupElement } from '../suip-element.ts';

/**
 * `slot`: shows another mount's subtree in place. The renderer decides (`context.slots`) whether
 * this slot may show that mount — the host attached it with `slotOf` naming this slot's program,
 * and this is the first slot that names it. The slotted UI keeps its own absolute paths, so its
 * events still go to its own generator, never to the slot's owner.
 */
export class SuipSlot extends SuipGroupElement {
  static override styles = [baseStyles, css`:host { display: block; } .empty { color: var(--_color-muted); font-size: 0.9em; }`];
  static override roles = ['mount'];

  override connectedCallback(): void {
    super.connectedCallback();
    this.context?.slots?.watch(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.context?.slots?.unwatch(this);
  }

  protected override render(): unknown {
    const mount = (this.text('mount') ?? '').trim();
    const shown = this.context?.slots?.resolve(this.path, mount);
    if (shown === undefined) return html`<p class="empty" role="note">Nothing to show here.</p>`;
    return html`<div class="slotted" data-generator=${mount}>${renderEntries(shown.group, [mount], this.context)}</div>`;
  }
}
customElements.define('suip-slot', SuipSlot);
