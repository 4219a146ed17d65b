import { LitElement, css, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';

type Node = {
  text?: unknown;
  mimeType?: unknown;
  data?: unknown;
  group?: Array<[string, Node]>;
  type?: unknown;
  on?: Record<string, { handler?: unknown }>;
};

/**
 * `<pg-tree-inspector>`: the renderer's merged tree as an expandable outline (one `<details>` per
 * group, first level = one generator each), with a check that the tree rebuilt from the op log
 * alone (the wire mirror) equals it.
 */
export class PgTreeInspector extends LitElement {
  static override properties: PropertyDeclarations = {
    tree: { attribute: false },
    mirror: { attribute: false },
    revision: { type: Number },
    raw: { state: true },
  };

  static override styles = css`
    :host { display: block; overflow: auto; font: 12px/1.5 var(--pg-mono, monospace); }
    details { margin-left: 1em; }
    summary { cursor: pointer; }
    .leaf { margin-left: 2.1em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .id { color: var(--pg-accent); }
    .type { color: var(--pg-tok-keyword); }
    .meta, .mime { color: var(--pg-muted); }
    .on { color: var(--pg-out); }
    .bar { display: flex; gap: 8px; align-items: center; font-family: var(--pg-sans, sans-serif); padding-bottom: 4px; }
    .ok { color: var(--pg-ok); }
    .bad { color: var(--pg-error); }
    pre { white-space: pre-wrap; word-break: break-all; }
    button { font: inherit; }
  `;

  /** `renderer.snapshot()`. */
  declare tree: unknown;
  /** The tree rebuilt from the op log (`WireMirror.tree`). */
  declare mirror: unknown;
  declare revision: number;
  declare raw: boolean;

  constructor() {
    super();
    this.tree = undefined;
    this.mirror = undefined;
    this.revision = 0;
    this.raw = false;
  }

  override render() {
    const root = this.tree as Node | undefined;
    const same = sameByGenerator(this.tree, this.mirror);
    return html`
      <div class="bar">
        <span data-testid="mirror-check" class=${same ? 'ok' : 'bad'} title="The merged tree rebuilt from nothing but the op log, compared with renderer.snapshot()">
          ${same ? '✓ op log reproduces this tree' : '✗ op log and tree differ'}
        </span>
        <button type="button" @click=${() => (this.raw = !this.raw)} aria-pressed=${this.raw}>JSON</button>
      </div>
      ${
        this.raw
          ? html`<pre data-testid="tree-json">${JSON.stringify(this.tree, null, 2)}</pre>`
          : html`<div role="group" aria-label="Merged tree">${repeat(
              root?.group ?? [],
              ([id]) => id,
              ([id, child]) => this.node(id, child, [id], 0),
            )}</div>`
      }
    `;
  }

  private node(id: string, node: Node, path: string[], depth: number): TemplateResult | typeof nothing {
    const key = JSON.stringify(path);
    if (Array.isArray(node.group)) {
      const on = node.on ? Object.keys(node.on) : [];
      return html`<details open data-path=${key} aria-label=${id}>
        <summary><span class="id">${id}</span>${typeof node.type === 'string' ? html` <span class="type">${node.type}</span>` : ''}
          <span class="meta">[${node.group.length}]</span>${on.length ? html` <span class="on">on:${on.join(',')}</span>` : ''}</summary>
        ${
          depth > 64
            ? html`<div class="leaf">…</div>`
            : repeat(
                node.group,
                ([childId]) => childId,
                ([childId, child]) => this.node(childId, child, [...path, childId], depth + 1),
              )
        }
      </details>`;
    }
    if (typeof node.text === 'string') {
      return html`<div class="leaf" data-path=${key} title=${node.text}><span class="id">${id}</span>: ${JSON.stringify(node.text.length > 120 ? `${node.text.slice(0, 120)}…` : node.text)}${typeof node.mimeType === 'string' ? html` <span class="mime">${node.mimeType}</span>` : ''}</div>`;
    }
    if (typeof node.data === 'string') {
      return html`<div class="leaf" data-path=${key}><span class="id">${id}</span>: <span class="mime">${String(node.mimeType)}</span> ${node.data.slice(0, 80)}</div>`;
    }
    return nothing;
  }
}

/** Generator subtrees compared by id, whatever their order in the root (mount order is the host's business). */
export function sameByGenerator(a: unknown, b: unknown): boolean {
  const entries = (tree: unknown): Map<string, string> => {
    const group = (tree as Node | undefined)?.group ?? [];
    return new Map(group.map(([id, child]) => [id, JSON.stringify(child)]));
  };
  const left = entries(a);
  const right = entries(b);
  if (left.size !== right.size) return false;
  for (const [id, json] of left) if (right.get(id) !== json) return false;
  return true;
}

if (!customElements.get('pg-tree-inspector')) customElements.define('pg-tree-inspector', PgTreeInspector);

declare global {
  interface HTMLElementTagNameMap {
    'pg-tree-inspector': PgTreeInspector;
  }
}
