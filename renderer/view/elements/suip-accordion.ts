import { css, html } from 'lit';
import type { GroupEntry } from '../../../shared/index.ts';
import { baseStyles } from '../../theme/base-styles.ts';
import { SuipGroupElement } from '../suip-element.ts';
import { accordion } from '../../vocabulary/types/accordion.ts';
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
      details { border: 1px solid var(--_color-border); border-radius: var(--_radius); padding: 0 var(--_space); margin-bottom: 4px; }
      summary { cursor: pointer; padding: calc(var(--_space) / 2) 0; font-weight: 600; }
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
