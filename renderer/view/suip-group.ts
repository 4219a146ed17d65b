import { baseStyles } from '../theme/base-styles.ts';
import { INLINE_STYLES } from './bare-shadow-root.ts';
import { SuipGroupElement } from './suip-element.ts';

/** A group without a type: its children stacked (the host is a flex column), no semantics added. */
export class SuipGroup extends SuipGroupElement {
  static override styles = [baseStyles];
  /** No stylesheet: the host is a flex column by its own inline style (bare-shadow-root.ts). */
  static override bare = INLINE_STYLES['suip-group'];

  protected override render(): unknown {
    return this.renderOthers();
  }
}
customElements.define('suip-group', SuipGroup);
