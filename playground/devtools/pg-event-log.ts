import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { LogEntry } from './traffic-log.ts';

/** One user event as the renderer sent it to its generator. */
interface EventRow {
  seq: number;
  generatorId: string;
  event: string;
  path: string;
  handler: string;
  payload: string;
}

/** The `suip/event` messages in the log, parsed for display (malformed ones are skipped). */
export function eventRows(entries: readonly LogEntry[]): EventRow[] {
  const rows: EventRow[] = [];
  for (const entry of entries) {
    if (entry.direction !== 'out' || !entry.summary.methods.includes('suip/event')) continue;
    try {
      const value = JSON.parse(entry.text) as unknown;
      for (const item of Array.isArray(value) ? value : [value]) {
        const { method, params } = item as {
          method?: string;
          params?: { event?: string; path?: string[]; handler?: string; payload?: unknown; key?: string };
        };
        if (method !== 'suip/event' || params === undefined) continue;
        rows.push({
          seq: entry.seq,
          generatorId: entry.generatorId,
          event: `${params.event ?? '?'}${params.key ? ` ${params.key}` : ''}`,
          path: JSON.stringify(params.path ?? []),
          handler: params.handler ?? '',
          payload: JSON.stringify(params.payload ?? null),
        });
      }
    } catch {
      // The log already shows it as "not JSON".
    }
  }
  return rows;
}

/** `<pg-event-log>`: user events delivered to generators: which generator, event, path, handler, payload. */
export class PgEventLog extends LitElement {
  static override properties: PropertyDeclarations = { entries: { attribute: false }, revision: { type: Number } };

  static override styles = css`
    :host { display: block; overflow: auto; font: 12px/1.5 var(--pg-mono, monospace); }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid var(--pg-border); vertical-align: top; }
    td.payload { word-break: break-all; }
    .empty { color: var(--pg-muted); font-family: var(--pg-sans, sans-serif); }
  `;

  declare entries: readonly LogEntry[];
  declare revision: number;

  constructor() {
    super();
    this.entries = [];
    this.revision = 0;
  }

  override render() {
    const rows = eventRows(this.entries).slice(-300);
    if (rows.length === 0) return html`<p class="empty">No events yet: click, type or submit in the rendered UI.</p>`;
    return html`<table aria-label="Event log">
      <thead><tr><th>#</th><th>generator</th><th>event</th><th>path</th><th>handler</th><th>payload</th></tr></thead>
      <tbody>${repeat(
        rows,
        (row, i) => `${row.seq}:${i}`,
        (row) =>
          html`<tr data-generator=${row.generatorId}><td>${row.seq}</td><td>${row.generatorId}</td><td>${row.event}</td><td>${row.path}</td><td>${row.handler}</td><td class="payload">${row.payload}</td></tr>`,
      )}</tbody>
    </table>`;
  }
}

if (!customElements.get('pg-event-log')) customElements.define('pg-event-log', PgEventLog);

declare global {
  interface HTMLElementTagNameMap {
    'pg-event-log': PgEventLog;
  }
}
