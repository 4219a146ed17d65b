import { css, html } from 'lit';
import type { GroupEntry } from '../../../shared/index.ts';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { accordion } from '../../../core/vocabulary/structure.generated.ts';
import { defineElement } from '../define-element.ts';

function summaryOf(entry: GroupEntry | undefined, id: string): string {
  const child = entry?.[1];
  if (child && 'group' in child) {
    const title = child.group.find(([k]) => k === 'title')?.[1];
    if (title && 'text' in title && typeof title.text === 'string') return title.text;
  }
  return id;
}

/** `accordion`: native `<details>`/`<summary>` per section (keyboard operable, announced). */
export class SuipAccordion extends SuipGroupElement {
  static override definition = accordion;
  static override styles = [
    baseStyles,
    css`
      :host { border: 1px solid var(--_color-border-subtle); border-radius: var(--_radius); background: var(--_color-surface); overflow: hidden; }
      details { padding: 0 var(--_space-4); border-bottom: 1px solid var(--_color-border-subtle); }
      details:last-of-type { border-bottom: 0; }
      summary { cursor: pointer; padding: var(--_space-3) 0; font-weight: 600; }
      details[open] > summary { margin-bottom: calc(var(--_space) / 2); }
      details[open] { padding-bottom: var(--_space); }
    `,
  ];

  protected override render(): unknown {
    const byId = new Map(this.entries.map((e) => [e[0], e]));
    return html`${this.renderKeyed(this.entries, (inner, id) => html`<details data-panel><summary>${summaryOf(byId.get(id), id)}</summary>${inner}</details>`)}`;
  }
}
defineElement('suip-accordion', SuipAccordion);
