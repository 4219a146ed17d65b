import { LitElement, html, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { DataParticle } from '../../shared/index.ts';
import { baseStyles } from '../theme/base-styles.ts';
import { registerView } from './element-registry.ts';
import { renderMedia } from './media.ts';
import type { ViewContext } from './view-context.ts';
import { policyAt } from './refusals.ts';

/** A data particle outside a named role: shown by its mime type (image, audio, video or file link). */
export class SuipData extends LitElement {
  static override properties: PropertyDeclarations = {
    particle: { attribute: false },
    path: { attribute: false },
    context: { attribute: false },
  };
  static override styles = [baseStyles];
  /** The data particle. */
  declare particle: DataParticle;
  /** Absolute path. */
  declare path: readonly string[];
  /** The view context (URL policy). */
  declare context: ViewContext;

  protected override willUpdate(changed: PropertyValues): void {
    // Its parent group may hand it a new particle directly (forward-children.ts).
    registerView(this, changed);
  }

  protected override render(): unknown {
    if (!this.particle || !this.context) return html``;
    return renderMedia(this.particle, policyAt(this.context, this.path), { label: '' });
  }
}
customElements.define('suip-data', SuipData);
