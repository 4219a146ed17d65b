import { LitElement, css, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { EVENT_NAMES, type EventName, type EventPayload, type GroupParticle, type Particle } from '../shared/index.ts';
import type { ViewContext } from './view/view-context.ts';

/** Events each group has already handled (the innermost group with a handler wins; outer ones skip). */
const handled = new WeakSet<Event>();

/**
 * The generic fallback view (used until the vocabulary's `<suip-tree>` is available): text as
 * text, data as a link-less label, groups as nested blocks. Events are wired per group; the host
 * applies `preventDefault` synchronously, then emits the event to the renderer.
 */
export class SuipGenericGroup extends LitElement {
  static override properties: PropertyDeclarations = {
    particle: { attribute: false },
    path: { attribute: false },
    context: { attribute: false },
  };

  static override styles = css`
    :host { display: block; }
    .text { white-space: pre-wrap; }
    .data { font-family: monospace; }
  `;

  /** The group to show. */
  declare particle: GroupParticle | undefined;
  /** Its absolute path in the merged tree (first id: the generator). */
  declare path: readonly string[];
  /** Where events go. */
  declare context: ViewContext | undefined;

  constructor() {
    super();
    this.path = [];
    for (const name of EVENT_NAMES) this.addEventListener(name, (event) => this.onDomEvent(name, event));
  }

  private onDomEvent(name: EventName, event: Event): void {
    const on = this.particle?.on;
    const spec = on !== undefined && Object.hasOwn(on, name) ? on[name] : undefined;
    if (spec === undefined || handled.has(event) || this.context === undefined) return;
    const key = event instanceof KeyboardEvent ? event.key : undefined;
    if (name === 'keydown' && spec.keys !== undefined && (key === undefined || !spec.keys.includes(key))) return;
    handled.add(event);
    // Synchronously, in the host: no peer across an async boundary could still cancel the default.
    if (spec.preventDefault === true) event.preventDefault();
    this.context.emit({ path: this.path, event: name, handler: spec.handler, payload: payloadOf(spec.data, event), ...(key !== undefined ? { key } : {}) });
  }

  override render(): TemplateResult | typeof nothing {
    const group = this.particle;
    if (group === undefined) return nothing;
    const interactive = group.on !== undefined && Object.hasOwn(group.on, 'click');
    if (interactive && !this.hasAttribute('role')) {
      this.setAttribute('role', 'button');
      this.tabIndex = 0;
    }
    return html`${repeat(group.group, ([id]) => id, ([id, child]) => this.renderChild(id, child))}`;
  }

  private renderChild(id: string, child: Particle): TemplateResult {
    if ('group' in child) {
      return html`<suip-generic-group data-id=${id} data-type=${child.type ?? ''} .particle=${child} .path=${[...this.path, id]} .context=${this.context}></suip-generic-group>`;
    }
    if ('text' in child) return html`<div class="text" data-id=${id}>${child.text}</div>`;
    return html`<div class="data" data-id=${id}>[${child.mimeType}] ${child.data.slice(0, 200)}</div>`;
  }
}

function payloadOf(data: string | undefined, event: Event): EventPayload {
  const target = event.composedPath()[0] as (EventTarget & { value?: unknown; checked?: unknown; form?: unknown }) | undefined;
  if (data === 'value') return { value: typeof target?.value === 'string' ? target.value : '' };
  if (data === 'checked') return { checked: target?.checked === true };
  if (data === 'formData') {
    const form = target instanceof HTMLFormElement ? target : target instanceof Element ? target.closest('form') : null;
    const entries: Array<[string, string]> = [];
    if (form) for (const [name, value] of new FormData(form)) if (typeof value === 'string') entries.push([name, value]);
    return { formData: entries };
  }
  return null;
}

if (!customElements.get('suip-generic-group')) customElements.define('suip-generic-group', SuipGenericGroup);

declare global {
  interface HTMLElementTagNameMap {
    'suip-generic-group': SuipGenericGroup;
  }
}
