import { LitElement, css, html, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { GroupEntry, GroupParticle } from '../../shared/index.ts';
import { baseStyles } from '../theme/base-styles.ts';
import { themeRoot } from '../theme/tokens.ts';
import { ROOT_PATH, childPath } from './child-path.ts';
import { viewShowing, type ParticleView } from './element-registry.ts';
import { renderEntries } from './render-particle.ts';
import { provenanceKey, provenanceStyles, provenanceWrap } from './provenance-mark.ts';
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
    provenanceStyles,
  ];
  /** The merged root group. */
  declare root: GroupParticle | undefined;
  /** Event sink and URL policy. */
  declare context: ViewContext | undefined;
  /** Forced colour scheme, or undefined to follow the user's preference. */
  declare theme: 'light' | 'dark' | undefined;

  /** The mounts the last render showed, and the provenance label it showed. */
  private shown: { entries: readonly GroupEntry[]; label: string | undefined; marks: string } | undefined;

  /** Mounts shown at the root: those shown inside another program's slot are not shown here as well. */
  private shownEntries(root: GroupParticle, context: ViewContext): readonly GroupEntry[] {
    const slots = context.slots;
    return slots === undefined ? root.group : root.group.filter(([id]) => !slots.nested(id));
  }

  /**
   * A new root that changed only inside mounts already on screen (same mounts, same order, same
   * label) is handed to those mounts' elements, as a group forwards to its children
   * (forward-children.ts): the tree's own template is not rendered again for every transaction.
   */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    const root = this.root;
    const context = this.context;
    const shown = this.shown;
    if (
      !this.hasUpdated ||
      changed.size !== 1 ||
      !changed.has('root') ||
      !root ||
      !context ||
      !shown ||
      !Array.isArray(root.group)
    )
      return true;
    if (context.provenance !== shown.label) return true;
    const entries = this.shownEntries(root, context);
    if (entries.length !== shown.entries.length) return true;
    const marks = provenanceKey(
      context,
      entries.map(([id]) => id),
    );
    if (marks !== shown.marks) return true;
    const targets: Array<[ParticleView, GroupEntry[1]]> = [];
    for (let i = 0; i < entries.length; i += 1) {
      const [id, now] = entries[i]!;
      const [was, before] = shown.entries[i]!;
      if (id !== was) return true;
      if (now === before) continue;
      const element = viewShowing(context, childPath(ROOT_PATH, id), before);
      // A mount of another kind (a generator root is a group; anything else is re-rendered).
      if (!element || !('group' in now) || !('group' in before) || now.type !== before.type || now.on !== before.on)
        return true;
      targets.push([element, now]);
    }
    this.shown = { entries, label: shown.label, marks };
    for (const [element, particle] of targets) element.particle = particle;
    return false;
  }

  /**
   * For the streaming fast path (leaf-writes.ts): when a new `root` changed only inside mounts
   * on screen (the case `shouldUpdate` forwards), returns how to take it without an update — its
   * records of the shown mounts updated, the mounts' elements left to the caller. Undefined when
   * it must render or forward as usual (an update waiting, another label, other mounts).
   */
  adoptionFor(root: GroupParticle): (() => void) | undefined {
    const context = this.context;
    const shown = this.shown;
    if (
      !this.hasUpdated ||
      this.isUpdatePending ||
      !context ||
      !shown ||
      !Array.isArray(root.group) ||
      context.provenance !== shown.label
    )
      return undefined;
    const entries = this.shownEntries(root, context);
    if (entries.length !== shown.entries.length) return undefined;
    for (let i = 0; i < entries.length; i += 1) if (entries[i]![0] !== shown.entries[i]![0]) return undefined;
    const marks = provenanceKey(
      context,
      entries.map(([id]) => id),
    );
    if (marks !== shown.marks) return undefined;
    return () => {
      this.shown = { entries, label: shown.label, marks };
      this.adopting = true;
      try {
        this.root = root;
      } finally {
        this.adopting = false;
      }
    };
  }

  /** True while `adoptionFor`'s closure sets `root`: that set schedules no update. */
  private adopting = false;

  override requestUpdate(...args: Parameters<LitElement['requestUpdate']>): void {
    if (this.adopting) return;
    super.requestUpdate(...args);
  }

  protected override render(): unknown {
    const root = this.root;
    if (!root || !this.context || !Array.isArray(root.group)) {
      this.shown = undefined;
      return html``;
    }
    const label = this.context.provenance;
    const entries = this.shownEntries(root, this.context);
    this.shown = {
      entries,
      label,
      marks: provenanceKey(
        this.context,
        entries.map(([id]) => id),
      ),
    };
    return html`${label ? html`<div class="provenance" part="provenance" role="note" data-suip-provenance>${label}</div>` : ''}<div class="generators">${renderEntries(entries, ROOT_PATH, this.context, provenanceWrap(this.context))}</div>`;
  }
}
customElements.define('suip-tree', SuipTree);
