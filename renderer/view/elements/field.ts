import { html, type TemplateResult } from 'lit';

/** What a labelled control shows around itself. */
export interface FieldParts {
  label: string;
  hint: string | undefined;
  error: string | undefined;
}

/** `aria-describedby` for the control: the hint and the error, when present. */
export function describedBy(parts: FieldParts): string | undefined {
  const ids = [parts.hint === undefined ? '' : 'hint', parts.error === undefined ? '' : 'error'].filter(Boolean);
  return ids.length === 0 ? undefined : ids.join(' ');
}

/** Hint and validation message under a control; the error sits next to the field it belongs to. */
export function renderHelp(parts: FieldParts): TemplateResult {
  return html`${parts.hint === undefined ? '' : html`<span id="hint" class="hint">${parts.hint}</span>`}${parts.error === undefined ? '' : html`<span id="error" class="error">${parts.error}</span>`}`;
}

/** `"true"` (case-insensitive, trimmed) → true. */
export function isTrue(value: string | undefined): boolean {
  return (value ?? '').trim().toLowerCase() === 'true';
}
