import { LitElement, css, html, type PropertyDeclarations } from 'lit';

const KEY = 'suip.playground.editorWidth';

/**
 * `<pg-splitter>`: the handle between the editor and the stage. Drag it, or focus it and use the
 * arrow keys (Home / End for the limits): it sets `--pg-editor-width` on its parent grid and
 * remembers the width for the next visit. A WAI-ARIA window splitter (role separator, value in %).
 */
export class PgSplitter extends LitElement {
  static override properties: PropertyDeclarations = { percent: { state: true } };
  static override styles = css`
    :host { display: block; cursor: col-resize; touch-action: none; position: relative; outline: none; }
    :host::after { content: ''; position: absolute; inset: 0 3px; border-radius: 2px; background: var(--pg-border); transition: background 0.12s; }
    :host(:hover)::after, :host(:focus-visible)::after, :host([dragging])::after { background: var(--pg-accent); }
    :host(:focus-visible) { outline: 2px solid var(--pg-accent); outline-offset: -2px; }
  `;

  declare percent: number;
  private readonly min = 20;
  private readonly max = 75;

  constructor() {
    super();
    const saved = Number(globalThis.localStorage?.getItem(KEY));
    this.percent = Number.isFinite(saved) && saved >= this.min && saved <= this.max ? saved : 38;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('role', 'separator');
    this.setAttribute('aria-orientation', 'vertical');
    this.setAttribute('aria-label', 'Resize the code editor');
    this.setAttribute('aria-valuemin', String(this.min));
    this.setAttribute('aria-valuemax', String(this.max));
    this.tabIndex = 0;
    this.addEventListener('keydown', this.onKey);
    this.addEventListener('pointerdown', this.onDown);
    this.apply();
  }

  private apply(): void {
    this.setAttribute('aria-valuenow', String(Math.round(this.percent)));
    this.parentElement?.style.setProperty('--pg-editor-width', `${this.percent}%`);
    try {
      globalThis.localStorage?.setItem(KEY, String(Math.round(this.percent)));
    } catch {
      // Storage may be disabled; the width then lasts for this page only.
    }
  }

  private set(percent: number): void {
    this.percent = Math.min(this.max, Math.max(this.min, percent));
    this.apply();
  }

  private onKey = (event: KeyboardEvent): void => {
    const step = event.shiftKey ? 10 : 2;
    const next = { ArrowLeft: this.percent - step, ArrowRight: this.percent + step, Home: this.min, End: this.max }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    this.set(next);
  };

  private onDown = (event: PointerEvent): void => {
    const grid = this.parentElement;
    if (!grid) return;
    this.setPointerCapture(event.pointerId);
    this.setAttribute('dragging', '');
    const box = grid.getBoundingClientRect();
    const move = (e: PointerEvent) => this.set(((e.clientX - box.left) / box.width) * 100);
    const up = () => {
      this.removeAttribute('dragging');
      this.removeEventListener('pointermove', move);
      this.removeEventListener('pointerup', up);
    };
    this.addEventListener('pointermove', move);
    this.addEventListener('pointerup', up);
  };

  override render() {
    return html``;
  }
}

if (!customElements.get('pg-splitter')) customElements.define('pg-splitter', PgSplitter);

declare global {
  interface HTMLElementTagNameMap {
    'pg-splitter': PgSplitter;
  }
}
