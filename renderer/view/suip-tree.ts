import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import type { GroupParticle } from '../../shared/index.ts';
import { baseStyles } from '../theme/base-styles.ts';
import { themeRoot } from '../theme/tokens.ts';
import { ROOT_PATH } from './child-path.ts';
import { renderEntries } from './render-particle.ts';
import type { ViewContext } from './view-context.ts';
import './elements/index.ts';

/**
 * `<suip-tree>`: renders a merged tree (entries `[generatorId, generatorRoot]`), each generator's
 * subtree in order, keyed by id. Set `.root` to a new merged root after each transaction; thanks
 * to structural sharing only the changed path re-renders. `theme="light"|"dark"` forces a scheme,
 * otherwise `prefers-color-scheme` decides; `--suip-*` tokens on it or an ancestor restyle it.
 */
export class SuipTree extends LitElement {
  static override properties: PropertyDeclarations = {
    root: { attribute: false },
    context: { attribute: false },
    theme: { reflect: true },
  };
  static override styles = [
    themeRoot,
    baseStyles,
    css`
      /* SECURITY: generated UI stays in this box. Paint containment clips every descendant to it and
         makes it the containing block of position: fixed, so no element of any vocabulary type can
         cover the host page; the top layer is entered only through ViewGrants.pageModal. */
      :host {
        display: block;
        position: relative;
        contain: layout paint;
        overflow: auto;
        isolation: isolate;
        max-width: 100%;
        max-height: 100%;
        background: var(--_color-bg);
        color: var(--_color-fg);
        line-height: 1.5;
      }
      .generators { display: flex; flex-direction: column; gap: var(--_space); position: relative; contain: layout paint; isolation: isolate; }
      /* Each program's mount is its own box: its overlays (an in-box modal) cover only its own area. */
      .generators > * { position: relative; contain: layout paint; }
      /* Host-owned: outside the generators' paint box, so nothing they render can cover it. */
      .provenance { display: flex; align-items: center; gap: 6px; font-size: 12px; font-weight: 600; color: var(--_color-muted); padding: 4px 0 6px; border-bottom: 1px solid var(--_color-border); margin-bottom: var(--_space); }
      .provenance::before { content: ''; width: 8px; height: 8px; border-radius: 50%; background: var(--_color-accent); }
    `,
  ];
  /** The merged root group. */
  declare root: GroupParticle | undefined;
  /** Event sink and URL policy. */
  declare context: ViewContext | undefined;
  /** Forced colour scheme, or undefined to follow the user's preference. */
  declare theme: 'light' | 'dark' | undefined;

  protected override render(): unknown {
    const root = this.root;
    if (!root || !this.context || !Array.isArray(root.group)) return html``;
    const label = this.context.provenance;
    const slots = this.context.slots;
    // Mounts shown inside another program's slot are not shown at the root as well.
    const entries = slots === undefined ? root.group : root.group.filter(([id]) => !slots.nested(id));
    return html`${label ? html`<div class="provenance" part="provenance" role="note" data-suip-provenance>${label}</div>` : ''}<div class="generators">${renderEntries(entries, ROOT_PATH, this.context)}</div>`;
  }
}
customElements.define('suip-tree', SuipTree);
