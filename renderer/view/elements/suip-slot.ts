import { css, html } from 'lit';
import { baseStyles } from '../../theme/base-styles.ts';
import { renderEntries } from '../render-particle.ts';
import { provenanceStyles, provenanceWrap } from '../provenance-mark.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { slot } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/**
 * `slot`: shows another mount's subtree in place. The renderer decides (`context.slots`) whether
 * this slot may show that mount — the host attached it with `slotOf` naming this slot's program,
 * and this is the first slot that names it. The slotted UI keeps its own absolute paths, so its
 * events still go to its own generator, never to the slot's owner. Unless the host turned marks off,
 * the slotted UI is drawn in its own provenance area, naming its program as at the root.
 */
export class SuipSlot extends SuipGroupElement {
  static override definition = slot;
  static override styles = [
    baseStyles,
    provenanceStyles,
    css`:host { display: block; } .empty { color: var(--_color-muted); font-size: 0.9em; }`,
  ];

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
    const inner = html`<div class="slotted" data-generator=${mount}>${renderEntries(shown.group, [mount], this.context)}</div>`;
    // SECURITY: the slotted UI is another program's: it carries its own mark, so it never passes
    // for the slot owner's (or the host's) inside the owner's area.
    const wrap = this.context === undefined ? undefined : provenanceWrap(this.context);
    return wrap === undefined ? inner : wrap(inner, mount);
  }
}
defineElement('suip-slot', SuipSlot);
