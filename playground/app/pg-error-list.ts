import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import type { ErrorLine } from './error-line.ts';

/**
 * `<pg-error-list>`: the errors of the slot being edited, next to its code. Each names where it
 * came from (renderer, generator, sandbox) and, for a rejected op, its index, method and path.
 */
export class PgErrorList extends LitElement {
  static override properties: PropertyDeclarations = { errors: { attribute: false }, revision: { type: Number } };

  static override styles = css`
    :host { display: block; font: 12px/1.45 var(--pg-sans, sans-serif); }
    ul { list-style: none; margin: 0; padding: 0; max-height: 9rem; overflow: auto; }
    li { border-left: 3px solid var(--pg-error); background: var(--pg-error-bg); padding: 4px 8px; margin: 4px 0; border-radius: 0 4px 4px 0; }
    .head { display: flex; flex-wrap: wrap; gap: 4px 10px; font-weight: 600; color: var(--pg-error); }
    code { font: 11px var(--pg-mono, monospace); }
    .msg { white-space: pre-wrap; word-break: break-word; }
    button.line { all: unset; cursor: pointer; text-decoration: underline; }
    button.line:focus-visible { outline: 2px solid var(--pg-accent); }
  `;

  declare errors: readonly ErrorLine[];
  declare revision: number;

  constructor() {
    super();
    this.errors = [];
    this.revision = 0;
  }

  override render() {
    if (this.errors.length === 0) return html``;
    return html`<ul role="log" aria-label="Errors" aria-live="polite">
      ${this.errors.map(
        (e) => html`<li data-source=${e.source}>
          <div class="head">
            <span>${e.source}</span>
            ${e.codeName !== undefined ? html`<span>${e.codeName} <code>${e.code}</code></span>` : ''}
            ${e.index !== undefined ? html`<span>op <code data-field="index">${e.index}</code></span>` : ''}
            ${e.method !== undefined ? html`<code data-field="method">${e.method}</code>` : ''}
            ${e.path !== undefined ? html`<span>path <code data-field="path">${JSON.stringify(e.path)}</code></span>` : ''}
            ${e.line !== undefined ? html`<button type="button" class="line" title="Show this line in the editor" @click=${() => this.goto(e.line!)}>line <code data-field="line">${e.line}</code></button>` : ''}
          </div>
          <div class="msg">${e.message}</div>
        </li>`,
      )}
    </ul>`;
  }

  private goto(line: number): void {
    this.dispatchEvent(new CustomEvent('goto-line', { detail: line, bubbles: true, composed: true }));
  }
}

if (!customElements.get('pg-error-list')) customElements.define('pg-error-list', PgErrorList);

declare global {
  interface HTMLElementTagNameMap {
    'pg-error-list': PgErrorList;
  }
}
