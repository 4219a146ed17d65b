import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { highlight } from './highlight.ts';

/**
 * `<pg-code-editor>`: a light code editor, a `<textarea>` over a highlighted `<pre>` with the same
 * font and metrics. The textarea stays the real control (caret, selection, undo, accessibility);
 * the overlay only paints colours. Fires `code-input` on every edit and `run` on Ctrl/Cmd+Enter.
 */
export class PgCodeEditor extends LitElement {
  static override properties: PropertyDeclarations = {
    value: { type: String },
    readOnly: { type: Boolean, attribute: 'read-only' },
    label: { type: String },
  };

  static override styles = css`
    :host { display: block; position: relative; min-height: 12rem; font: 13px/1.5 var(--pg-mono, ui-monospace, monospace); }
    .wrap { position: absolute; inset: 0; overflow: hidden; border: 1px solid var(--pg-border); border-radius: 6px; background: var(--pg-code-bg); }
    pre, textarea {
      position: absolute; inset: 0; margin: 0; padding: 10px 12px; border: 0; box-sizing: border-box;
      font: inherit; tab-size: 2; white-space: pre; overflow: auto; letter-spacing: normal;
    }
    pre { pointer-events: none; color: var(--pg-code-fg); }
    textarea { resize: none; background: transparent; color: transparent; caret-color: var(--pg-code-fg); outline: none; }
    textarea:focus-visible { box-shadow: inset 0 0 0 2px var(--pg-accent); }
    textarea[readonly] { cursor: progress; }
    textarea::selection { background: color-mix(in srgb, var(--pg-accent) 35%, transparent); color: transparent; }
    /* Lines longer than the editor: the right edge fades while there is more to the right (the textarea scrolls). */
    .wrap[data-more-right]::after {
      content: ''; position: absolute; top: 0; right: 0; bottom: 0; width: 2rem; pointer-events: none;
      background: linear-gradient(to right, transparent, var(--pg-code-bg));
    }
    .tok-comment { color: var(--pg-tok-comment); font-style: italic; }
    .tok-string { color: var(--pg-tok-string); }
    .tok-number { color: var(--pg-tok-number); }
    .tok-keyword { color: var(--pg-tok-keyword); }
    .tok-api { color: var(--pg-tok-api); font-weight: 600; }
  `;

  /** The code. */
  declare value: string;
  /** True while a model streams into the editor. */
  declare readOnly: boolean;
  /** Accessible name of the textarea. */
  declare label: string;

  constructor() {
    super();
    this.value = '';
    this.readOnly = false;
    this.label = 'Generator code';
  }

  /** The textarea (tests type into it). */
  get textarea(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }

  /** Selects line `line` (1-based) and scrolls it into view, e.g. the line an exception names. */
  gotoLine(line: number): void {
    const area = this.textarea;
    if (!area) return;
    const lines = this.value.split('\n');
    const index = Math.min(Math.max(1, line), lines.length) - 1;
    const start = lines.slice(0, index).reduce((sum, l) => sum + l.length + 1, 0);
    area.focus();
    area.setSelectionRange(start, start + (lines[index]?.length ?? 0));
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 19.5;
    area.scrollTop = Math.max(0, index * lineHeight - area.clientHeight / 3);
  }

  override render() {
    // SECURITY: highlight() HTML-escapes every character of the code and adds only <span class>; the
    // code (a model's output) never becomes markup.
    return html`<div class="wrap">
      <pre aria-hidden="true">${unsafeHTML(highlight(this.value))}</pre>
      <textarea
        spellcheck="false"
        autocapitalize="off"
        autocomplete="off"
        aria-label=${this.label}
        .value=${this.value}
        ?readonly=${this.readOnly}
        @input=${this.onInput}
        @scroll=${this.syncScroll}
        @keydown=${this.onKeydown}
      ></textarea>
    </div>`;
  }

  override updated(): void {
    this.syncScroll();
  }

  private onInput(event: Event): void {
    this.value = (event.target as HTMLTextAreaElement).value;
    this.dispatchEvent(new CustomEvent('code-input', { detail: this.value, bubbles: true, composed: true }));
  }

  private syncScroll(): void {
    const area = this.textarea;
    const pre = this.renderRoot.querySelector('pre');
    if (area && pre) {
      pre.scrollTop = area.scrollTop;
      pre.scrollLeft = area.scrollLeft;
      // A line cut at the right edge is said (a fade there), not hidden: the textarea scrolls sideways.
      const hidden = area.scrollWidth - area.clientWidth - area.scrollLeft;
      this.renderRoot.querySelector('.wrap')?.toggleAttribute('data-more-right', hidden > 1);
    }
  }

  /** The fade follows the editor's width too (a window or splitter resize), not only scrolls and edits. */
  private readonly resized = new ResizeObserver(() => this.syncScroll());

  override connectedCallback(): void {
    super.connectedCallback();
    this.resized.observe(this);
  }

  override disconnectedCallback(): void {
    this.resized.disconnect();
    super.disconnectedCallback();
  }

  /** Set by Escape: the next Tab moves focus out instead of indenting. */
  private tabLeaves = false;

  private onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      this.dispatchEvent(new CustomEvent('run', { bubbles: true, composed: true }));
      return;
    }
    // Escape, then Tab, leaves the editor (the keyboard trap rule); any other key re-arms Tab.
    if (event.key === 'Escape') {
      this.tabLeaves = true;
      return;
    }
    const leave = this.tabLeaves;
    this.tabLeaves = false;
    if (event.key === 'Tab' && !event.shiftKey && !this.readOnly && !leave) {
      // Two spaces instead of leaving the editor; Shift+Tab and Escape-then-Tab still move focus.
      event.preventDefault();
      const area = event.target as HTMLTextAreaElement;
      area.setRangeText('  ', area.selectionStart, area.selectionEnd, 'end');
      this.onInput(event);
    }
  }
}

if (!customElements.get('pg-code-editor')) customElements.define('pg-code-editor', PgCodeEditor);

declare global {
  interface HTMLElementTagNameMap {
    'pg-code-editor': PgCodeEditor;
  }
}
