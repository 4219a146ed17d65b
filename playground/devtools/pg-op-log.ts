import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { formatBytes } from './pg-counters.ts';
import { formatElapsed } from './format-elapsed.ts';
import { matchesFilter, type LogEntry, type LogFilter } from './traffic-log.ts';

const ARROWS = { in: '→', out: '←', life: '•' } as const;
const SHOWN = 400;

/**
 * `<pg-op-log>`: every message both ways with direction, generator, size and time, newest last,
 * filterable by text, direction and generator. A row opens to the exact JSON text that crossed.
 */
export class PgOpLog extends LitElement {
  static override properties: PropertyDeclarations = {
    entries: { attribute: false },
    generators: { attribute: false },
    revision: { type: Number },
    filter: { state: true },
    open: { state: true },
  };

  static override styles = css`
    :host { display: flex; flex-direction: column; min-height: 0; font: 12px/1.4 var(--pg-mono, monospace); }
    form { display: flex; gap: 6px; padding: 4px 0 6px; flex-wrap: wrap; font-family: var(--pg-sans, sans-serif); }
    input, select { font: inherit; padding: 2px 6px; border: 1px solid var(--pg-border-strong, var(--pg-border)); border-radius: 4px; background: var(--pg-bg); color: var(--pg-fg); }
    input { flex: 1; min-width: 8rem; }
    ol { list-style: none; margin: 0; padding: 0; overflow: auto; flex: 1; position: relative; }
    li { border-bottom: 1px solid var(--pg-border); }
    /* Fixed columns sized for their longest formatted value (time ≤ 7 characters, bytes as "28.1 KB");
       every cell clips with an ellipsis, so no value runs into its neighbour. */
    button.row { all: unset; display: grid; grid-template-columns: 4.5ch 7.5ch minmax(4ch, 9ch) 2ch 8ch minmax(0, 1fr); gap: 8px; padding: 2px 4px; width: 100%; box-sizing: border-box; cursor: pointer; }
    button.row > span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .num { text-align: right; }
    button.row:focus-visible { outline: 2px solid var(--pg-accent); }
    .in .dir { color: var(--pg-in); }
    .out .dir { color: var(--pg-out); }
    .life { color: var(--pg-muted); }
    .err { color: var(--pg-error); }
    .label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    pre { margin: 0 0 4px 2em; padding: 6px; background: var(--pg-code-bg); white-space: pre-wrap; word-break: break-all; max-height: 20rem; overflow: auto; }
    .note { color: var(--pg-muted); padding: 4px; font-family: var(--pg-sans, sans-serif); }
  `;

  /** The log's entries (the array is mutated in place; `revision` tells Lit it changed). */
  declare entries: readonly LogEntry[];
  /** Generator ids for the filter's select. */
  declare generators: readonly string[];
  /** Bumped by the app on every change. */
  declare revision: number;
  declare filter: LogFilter;
  declare open: ReadonlySet<number>;

  constructor() {
    super();
    this.entries = [];
    this.generators = [];
    this.revision = 0;
    this.filter = { query: '', direction: 'all', generatorId: 'all' };
    this.open = new Set();
  }

  override render() {
    const matching = this.entries.filter((entry) => matchesFilter(entry, this.filter));
    const shown = matching.slice(-SHOWN);
    const start = this.entries[0]?.time ?? 0;
    return html`
      <form role="search" @submit=${(e: Event) => e.preventDefault()} @input=${this.onFilter}>
        <input name="query" type="search" placeholder="filter: method, id, text…" aria-label="Filter messages" .value=${this.filter.query} />
        <select name="direction" aria-label="Direction">
          <option value="all">both ways</option><option value="in">→ in (generator → renderer)</option><option value="out">← out (renderer → generator)</option><option value="life">• lifecycle</option>
        </select>
        <select name="generatorId" aria-label="Generator">
          <option value="all">all generators</option>
          ${this.generators.map((id) => html`<option value=${id}>${id}</option>`)}
        </select>
      </form>
      <div class="note" data-testid="op-log-count">${matching.length} of ${this.entries.length} messages${matching.length > SHOWN ? ` (showing the last ${SHOWN})` : ''}</div>
      <ol aria-label="Op log" @scroll=${this.onScroll}>
        ${repeat(
          shown,
          (entry) => entry.seq,
          (
            entry,
          ) => html`<li class=${entry.direction} data-seq=${entry.seq} data-direction=${entry.direction} data-generator=${entry.generatorId}>
          <button class="row" type="button" aria-expanded=${this.open.has(entry.seq)} @click=${() => this.toggle(entry.seq)}>
            <span class="num">#${entry.seq}</span>
            <span class="num" title=${`${(entry.time - start).toFixed(1)} ms since the first message`}>${formatElapsed(entry.time - start)}</span>
            <span title=${entry.generatorId}>${entry.generatorId}</span>
            <span class="dir" aria-label=${entry.direction}>${ARROWS[entry.direction]}</span>
            <span class="num" title=${entry.direction === 'life' ? '' : `${entry.bytes} bytes`}>${entry.direction === 'life' ? '' : formatBytes(entry.bytes)}</span>
            <span class="label ${entry.summary.error === undefined ? '' : 'err'}">${entry.summary.label}${entry.summary.ops > 0 ? ` (${entry.summary.ops} op${entry.summary.ops === 1 ? '' : 's'})` : ''}${entry.summary.error === undefined ? '' : ` — ${entry.summary.error}`}</span>
          </button>
          ${this.open.has(entry.seq) ? html`<pre data-testid="op-log-text">${pretty(entry.text)}</pre>` : ''}
        </li>`,
        )}
      </ol>`;
  }

  override updated(): void {
    const list = this.renderRoot.querySelector('ol');
    if (!list) return;
    // A row the user just opened or closed stays where they look: its header, and as much of
    // its text as fits, scroll into view inside the list (never the page).
    if (this.focusSeq !== undefined) {
      const row = list.querySelector<HTMLElement>(`li[data-seq="${this.focusSeq}"]`);
      this.focusSeq = undefined;
      if (row) {
        const top = row.offsetTop; // the list is positioned, so this is within it
        const bottom = top + row.offsetHeight;
        if (top < list.scrollTop || row.offsetHeight > list.clientHeight) list.scrollTop = top;
        else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
        this.placedAt = list.scrollTop;
      }
      return;
    }
    // Follow the newest message unless the user scrolled up to read older ones.
    if (this.follow) list.scrollTop = list.scrollHeight;
  }

  /** The row to keep in view after the next render (the one just toggled). */
  private focusSeq: number | undefined;

  private follow = true;

  /** Where this element last scrolled the list to itself: that scroll is not the user's. */
  private placedAt: number | undefined;

  private onScroll(event: Event): void {
    const list = event.currentTarget as HTMLElement;
    // Our own scroll (keeping an opened row in view) must not switch following back on.
    if (this.placedAt !== undefined && Math.abs(list.scrollTop - this.placedAt) < 1) return;
    this.placedAt = undefined;
    this.follow = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  }

  private onFilter(event: Event): void {
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    this.filter = {
      query: String(data.get('query') ?? ''),
      direction: String(data.get('direction') ?? 'all') as LogFilter['direction'],
      generatorId: String(data.get('generatorId') ?? 'all'),
    };
  }

  private toggle(seq: number): void {
    // Reading a row: stop following new messages, which would push the row out of view.
    this.follow = false;
    this.focusSeq = seq;
    const open = new Set(this.open);
    if (open.has(seq)) open.delete(seq);
    else open.add(seq);
    this.open = open;
  }
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

if (!customElements.get('pg-op-log')) customElements.define('pg-op-log', PgOpLog);

declare global {
  interface HTMLElementTagNameMap {
    'pg-op-log': PgOpLog;
  }
}
