import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import type { Counters } from './traffic-log.ts';

/** Formats a byte count for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** `<pg-counters>`: ops/s, messages, bytes each way, errors, and the last transaction's time to frame. */
export class PgCounters extends LitElement {
  static override properties: PropertyDeclarations = {
    counters: { attribute: false },
    lastTransactionMs: { attribute: false },
  };

  static override styles = css`
    :host { display: block; font: 12px/1.4 var(--pg-sans, sans-serif); }
    dl { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; }
    div { display: flex; gap: 4px; }
    dt { color: var(--pg-muted); }
    dd { margin: 0; font-family: var(--pg-mono, monospace); font-weight: 600; }
  `;

  declare counters: Counters | undefined;
  declare lastTransactionMs: number | undefined;

  override render() {
    const c = this.counters ?? { messages: 0, ops: 0, opsPerSecond: 0, bytesIn: 0, bytesOut: 0, errors: 0 };
    const items: Array<[string, string, string]> = [
      ['ops-per-second', 'ops/s', String(c.opsPerSecond)],
      ['ops', 'ops', String(c.ops)],
      ['messages', 'messages', String(c.messages)],
      ['bytes-in', 'bytes in', formatBytes(c.bytesIn)],
      ['bytes-out', 'bytes out', formatBytes(c.bytesOut)],
      ['errors', 'errors', String(c.errors)],
      [
        'last-transaction',
        'last transaction → frame',
        this.lastTransactionMs === undefined ? '–' : `${this.lastTransactionMs.toFixed(1)} ms`,
      ],
    ];
    return html`<dl aria-label="Counters">${items.map(([key, label, value]) => html`<div><dt>${label}</dt><dd data-counter=${key}>${value}</dd></div>`)}</dl>`;
  }
}

if (!customElements.get('pg-counters')) customElements.define('pg-counters', PgCounters);

declare global {
  interface HTMLElementTagNameMap {
    'pg-counters': PgCounters;
  }
}
