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
      :host {
        background: var(--_color-bg);
        color: var(--_color-fg);
        line-height: 1.5;
      }
      .generators { display: flex; flex-direction: column; gap: var(--_space); }
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
    return html`<div class="generators">${renderEntries(root.group, ROOT_PATH, this.context)}</div>`;
  }
}
customElements.define('suip-tree', SuipTree);
