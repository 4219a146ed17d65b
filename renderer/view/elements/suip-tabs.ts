import { css, html, type PropertyDeclarations } from 'lit';
import type { GroupEntry } from '../../../shared/index.ts';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { tabs } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

/** Label of a tab: the title of its section child (or its id if it has none). */
function tabLabel([id, child]: GroupEntry): string {
  if ('group' in child) {
    const title = child.group.find(([k]) => k === 'title')?.[1];
    if (title && 'text' in title && typeof title.text === 'string') return title.text;
  }
  return id;
}

/**
 * `tabs`: the WAI-ARIA tabs pattern. Every panel stays rendered (hidden when not selected) so
 * switching tabs keeps inputs and scroll; arrow keys, Home and End move between tabs.
 */
export class SuipTabs extends SuipGroupElement {
  static override definition = tabs;
  static override properties: PropertyDeclarations = { ...SuipGroupElement.properties, selected: { state: true } };
  static override styles = [
    baseStyles,
    css`
      [role='tablist'] { display: flex; gap: var(--_space-1); border-bottom: 1px solid var(--_color-border-subtle); flex-wrap: wrap; }
      [role='tab'] { font: inherit; font-weight: 500; color: var(--_color-muted); background: none; border: 0; border-bottom: 2px solid transparent; margin-bottom: -1px; padding: var(--_space-2) var(--_space-3); cursor: pointer; }
      [role='tab']:hover { color: var(--_color-fg); }
      [role='tab'][aria-selected='true'] { border-bottom-color: var(--_color-accent); color: var(--_color-fg); font-weight: 600; }
      [role='tabpanel'] { padding-top: var(--_space); }
    `,
  ];
  /** The selected tab's child id (local UI state). */
  declare selected: string | undefined;

  private current(): string | undefined {
    const ids = this.entries.map(([id]) => id);
    return this.selected !== undefined && ids.includes(this.selected) ? this.selected : ids[0];
  }

  override eventValue(): string {
    return this.current() ?? '';
  }

  private select(id: string, focus: boolean): void {
    if (id === this.current()) return;
    this.selected = id;
    this.emit('change');
    if (focus)
      void this.updateComplete.then(() =>
        this.shadowRoot?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
      );
  }

  private onKey(event: KeyboardEvent): void {
    const ids = this.entries.map(([id]) => id);
    const at = ids.indexOf(this.current() ?? '');
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 }[event.key];
    if (next === undefined || ids.length === 0) return;
    event.preventDefault();
    this.select(ids[(next + ids.length) % ids.length]!, true);
  }

  protected override render(): unknown {
    const current = this.current();
    const entries = this.entries;
    const index = new Map(entries.map(([id], i) => [id, i]));
    return html`<div role="tablist" @keydown=${this.onKey}>
        ${entries.map((entry, i) => {
          const on = entry[0] === current;
          return html`<button role="tab" id=${`tab-${i}`} aria-controls=${`panel-${i}`} aria-selected=${on ? 'true' : 'false'} tabindex=${on ? '0' : '-1'} @click=${() => this.select(entry[0], false)}>${tabLabel(entry)}</button>`;
        })}
      </div>
      ${this.renderKeyed(
        entries,
        (inner, id) => {
          const i = index.get(id) ?? 0;
          return html`<div role="tabpanel" data-panel id=${`panel-${i}`} aria-labelledby=${`tab-${i}`} tabindex="0" ?hidden=${id !== current}>${inner}</div>`;
        },
        // Every tab's aria-controls names its panel: the panels are built with the tabs, never later.
        true,
      )}`;
  }
}
defineElement('suip-tabs', SuipTabs);
