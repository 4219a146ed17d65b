import { css, html } from 'lit';
import type { WrapEntry } from './keyed-entries.ts';
import type { ViewContext } from './view-context.ts';

/**
 * The provenance mark's look. The area is the program's box plus an edge; the program's own
 * element inside it is a paint-contained box of its own, so nothing a program renders (an in-box
 * modal included) can reach the edge or the label. A host restyles both through
 * `::part(provenance-area)` / `::part(provenance-mark)` or the `--suip-provenance-*` properties.
 */
export const provenanceStyles = css`
  .mount { border-inline-start: var(--suip-provenance-edge, 3px) solid var(--suip-provenance-color, var(--_color-accent)); padding-inline-start: var(--_space-2, 8px); }
  /* SECURITY: the program's element is its own paint box, beside the mark, never over it. */
  .mount > :not(.mark) { position: relative; contain: layout paint; isolation: isolate; }
  .mark { display: flex; align-items: center; gap: 6px; margin-bottom: 4px; font-size: 11px; font-weight: 700; line-height: 1.4; letter-spacing: 0.02em; color: var(--suip-provenance-text, var(--suip-provenance-color, var(--_color-accent))); }
  .mark::before { content: ''; width: 7px; height: 7px; border-radius: 50%; background: var(--suip-provenance-color, var(--_color-accent)); }
`;

/**
 * The wrap that draws each program's area with its mark: a labelled edge naming the program
 * (`context.provenanceMark`), in the tree's own shadow root, outside the program's paint box.
 * Undefined when the host turned the mark off.
 */
export function provenanceWrap(context: ViewContext): WrapEntry | undefined {
  const mark = context.provenanceMark;
  if (mark === undefined) return undefined;
  return (inner, id) => {
    const label = mark(id);
    return label === undefined
      ? inner
      : html`<div class="mount" part="provenance-area" data-generator=${id} data-suip-mount><div class="mark" part="provenance-mark" data-suip-provenance-mark>${label}</div>${inner}</div>`;
  };
}

/** The labels the marks of `ids` show now, as one comparable string (a re-render is due when it changes). */
export function provenanceKey(context: ViewContext, ids: readonly string[]): string {
  const mark = context.provenanceMark;
  return mark === undefined ? '' : ids.map((id) => mark(id) ?? '').join('\n');
}
