import { LitElement, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import type { EventName, GroupEntry, GroupParticle, Particle, VocabularyEntry } from '../../shared/index.ts';
import { baseStyles } from '../theme/base-styles.ts';
import { lightRoot } from './light-root.ts';
import { registerView } from './element-registry.ts';
import { forwardTargets, noInlineReads, type InlineReads } from './forward-children.ts';
import { EventWiring } from './event-wiring.ts';
import { adoptKeyedChildren } from './keyed-entries.ts';
import { renderEntries } from './render-particle.ts';
import type { ViewContext } from './view-context.ts';

const roleMaps = new WeakMap<GroupParticle, Map<string, Particle>>();
const namedRoles = new WeakMap<VocabularyEntry, readonly string[]>();

/** A definition's named role ids (`*` excluded), computed once. */
function roleIds(definition: VocabularyEntry): readonly string[] {
  let ids = namedRoles.get(definition);
  if (ids === undefined)
    namedRoles.set(definition, (ids = definition.roles.filter((role) => role.id !== '*').map((role) => role.id)));
  return ids;
}

/**
 * Whether a class shows its particle through SuipGroupElement's own accessor and forwarding rule (memoised per class).
 */
const plainForwarders = new WeakMap<object, boolean>();

function particleAccessor(proto: object): PropertyDescriptor | undefined {
  for (let at: object | null = proto; at !== null; at = Object.getPrototypeOf(at) as object | null) {
    const own = Object.getOwnPropertyDescriptor(at, 'particle');
    if (own !== undefined) return own;
  }
  return undefined;
}

/** The innermost group element an event passed through: only that element handles it. */
function ownerOf(event: Event): SuipGroupElement | undefined {
  for (const node of event.composedPath()) if (node instanceof SuipGroupElement) return node;
  return undefined;
}

/**
 * Base of every group element: the particle, its absolute path and the view context as
 * properties; role lookups by child id; keyed child rendering; and the DOM → `suip/event` wiring
 * (synchronous `preventDefault`, key filters, debounced input, value/checked/formData payloads).
 */
export class SuipGroupElement extends LitElement {
  static override properties: PropertyDeclarations = {
    // An accessor of our own (below), so a host's subclass may override it as one (TS2611 otherwise).
    particle: { attribute: false, noAccessor: true },
    path: { attribute: false },
    context: { attribute: false },
  };
  static override styles = [baseStyles];
  /** The vocabulary definition this element shows: its roles are the ones the validator enforces. */
  static definition: VocabularyEntry | undefined = undefined;
  /**
   * Ids of this type's named roles, from its definition; every other child is rendered as content by `renderOthers`.
   */
  static get roles(): readonly string[] {
    return this.definition === undefined ? [] : roleIds(this.definition);
  }
  /**
   * For a type that needs no stylesheet: the host's layout; it then renders in its own light DOM
   * with no shadow root (light-root.ts).
   */
  static bare: Readonly<Record<string, string>> | undefined = undefined;

  #particle: GroupParticle | undefined;

  /**
   * The group this element shows (hostile data: read, never mutated). An accessor, as Lit's own
   * would be: a subclass may override it (`override set particle(g) { super.particle = g; … }`,
   * with the getter) to react to each new particle.
   */
  get particle(): GroupParticle {
    return this.#particle!;
  }
  set particle(value: GroupParticle) {
    const old = this.#particle;
    this.#particle = value;
    this.requestUpdate('particle', old);
  }
  /** Absolute path in the merged tree; its first id is the generator's mount id. */
  declare path: readonly string[];
  /** Where events go, and the URL policy. */
  declare context: ViewContext;

  /** DOM events → `suip/event` (a ReactiveController). */
  private readonly events = new EventWiring(this, ownerOf);

  /** What the last render read into this element's own template (see `forwardTargets`). */
  private inline: InlineReads = noInlineReads();

  /**
   * True when a change of child `id` alone would be handed down without rendering this element
   * (the `forwardTargets` rule: it has rendered, no update of its own is waiting, its template did
   * not read that child), and its class neither overrides the particle accessor nor the
   * forwarding rule (a subclass reacting to each particle must see it set). The streaming fast
   * path asks every group above a streamed leaf (leaf-writes.ts).
   */
  forwardsChild(id: string): boolean {
    if (!this.hasUpdated || this.isUpdatePending || this.inline.all || this.inline.ids.has(id)) return false;
    const type = this.constructor;
    let plain = plainForwarders.get(type);
    if (plain === undefined) {
      const proto = type.prototype as object;
      const own = particleAccessor(proto);
      const base = particleAccessor(SuipGroupElement.prototype);
      plain =
        own?.get === base?.get &&
        own?.set === base?.set &&
        (proto as SuipGroupElement).shouldUpdate === SuipGroupElement.prototype.shouldUpdate;
      plainForwarders.set(type, plain);
    }
    return plain;
  }

  /**
   * Take `particle`, which differs from the one shown only in the children `changed` (each a
   * child this element forwards, `forwardsChild`, with its new particle and its index in the
   * group) or in children its keyed list was edited for (list-edits.ts), without an update:
   * their elements are written by the caller. The keyed lists' records of what each child shows
   * are updated with it, so the next structural edit compares against the screen, and a later
   * particle is compared against this one (Lit's old value is read from the accessor).
   */
  adoptParticle(particle: GroupParticle, changed: ReadonlyMap<string, readonly [Particle, number]>): void {
    const before = this.#particle;
    this.#particle = particle;
    adoptKeyedChildren(this, before?.group ?? [], particle.group, changed);
  }

  /** True when the last render read no child into this element's own template (list-edits.ts). */
  readsNoChild(): boolean {
    return !this.inline.all && this.inline.ids.size === 0;
  }

  /** Children of the group, or none if it is malformed. */
  private get groupEntries(): readonly GroupEntry[] {
    return Array.isArray(this.particle?.group) ? this.particle.group : [];
  }

  /**
   * Children of the group, or none if it is malformed, for a template that reads them itself.
   * Reading them marks every child as part of this element's own template; to hand all children
   * to child elements, use `renderAll`.
   */
  protected get entries(): readonly GroupEntry[] {
    this.inline.all = true;
    return this.groupEntries;
  }

  /** The child with id `id` (a `Map`, because ids are hostile keys), read into this element's template. */
  protected child(id: string): Particle | undefined {
    const p = this.particle;
    if (!p) return undefined;
    this.inline.ids.add(id);
    let map = roleMaps.get(p);
    if (!map) {
      map = new Map();
      for (const [key, value] of this.groupEntries) if (!map.has(key)) map.set(key, value);
      roleMaps.set(p, map);
    }
    return map.get(id);
  }

  /** The text of role `id` if that child is a text particle. */
  protected text(id: string): string | undefined {
    const c = this.child(id);
    return c && 'text' in c && typeof c.text === 'string' ? c.text : undefined;
  }

  /** Children that are not one of the type's named roles, in order, read into this element's template. */
  protected others(): readonly GroupEntry[] {
    this.inline.all = true;
    return this.contentEntries();
  }

  private contentEntries(): readonly GroupEntry[] {
    const roles = (this.constructor as typeof SuipGroupElement).roles;
    return roles.length === 0 ? this.groupEntries : this.groupEntries.filter(([id]) => !roles.includes(id));
  }

  /**
   * Render entries as child elements keyed by id, optionally wrapping each (e.g. in a list item).
   * `wrap` may use the id, never the child's content: content it reads must come through
   * `child`/`text`/`entries`, so that an update of that child re-renders this element. New
   * children of a big change are built a slice per frame; `whole` builds them all at once, for an
   * element whose own markup refers to each child (tabs).
   */
  protected renderKeyed(
    entries: readonly GroupEntry[],
    wrap?: (inner: TemplateResult, id: string) => TemplateResult,
    whole?: boolean,
  ): unknown {
    return renderEntries(entries, this.path ?? [], this.context, wrap, whole);
  }

  /** Every child as a child element (see `renderKeyed`). */
  protected renderAll(wrap?: (inner: TemplateResult, id: string) => TemplateResult): unknown {
    return this.renderKeyed(this.groupEntries, wrap);
  }

  /** The content children (everything but the named roles) as child elements. */
  protected renderOthers(): unknown {
    return this.renderKeyed(this.contentEntries());
  }

  protected override willUpdate(changed: PropertyValues): void {
    registerView(this, changed);
  }

  /**
   * A new particle that differs only below this group is handed to the child elements that show
   * the changed children, and this element does not render (`forwardTargets`): a token streamed
   * into one leaf of a wide list re-renders that leaf alone, not every group on its path (each of
   * them still compares its entries by identity, which is cheap).
   */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    if (!this.hasUpdated || changed.size !== 1 || !changed.has('particle')) return true;
    const before = changed.get('particle') as GroupParticle | undefined;
    const targets =
      before && this.context
        ? forwardTargets(before, this.particle, this.path ?? [], this.context, this.inline)
        : undefined;
    if (!targets) return true;
    for (const [element, particle] of targets) element.particle = particle;
    return false;
  }

  protected override update(changed: PropertyValues): void {
    // A full render: record afresh what its template reads.
    this.inline = noInlineReads();
    super.update(changed);
  }

  /** The id of this group (the last path element). */
  protected get ownId(): string {
    return this.path?.[this.path.length - 1] ?? '';
  }

  /** Form entries this element contributes (controls override); names are control ids. */
  formEntries(): [string, string][] {
    return [];
  }

  /** The `value` payload for an event whose innermost target was `source`. */
  eventValue(source: EventTarget | undefined): string {
    const value = (source as { value?: unknown } | undefined)?.value;
    return typeof value === 'string' ? value : '';
  }

  /** The `checked` payload. */
  eventChecked(source: EventTarget | undefined): boolean {
    return (source as { checked?: unknown } | undefined)?.checked === true;
  }

  /** Whether this element reports a DOM event (e.g. a checkbox ignores the click on its label). */
  protected accepts(_name: EventName, _source: EventTarget | undefined): boolean {
    return true;
  }

  /** The event wiring's view of `accepts` (protected for subclasses, public for the controller). */
  acceptsEvent(name: EventName, source: EventTarget | undefined): boolean {
    return this.accepts(name, source);
  }

  /** Every form entry of this element's subtree, in document order (shadow roots and light-DOM groups included). */
  collectFormData(): [string, string][] {
    const out: [string, string][] = [];
    const visit = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (!(el instanceof SuipGroupElement)) continue;
        out.push(...el.formEntries());
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(this.shadowRoot ?? this);
    return out;
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const bare = (this.constructor as typeof SuipGroupElement).bare;
    const root = bare ? lightRoot(this, bare) : super.createRenderRoot();
    this.events.listen(root);
    return root;
  }

  /** Send a `suip/event` for this group's handler of `name` (no-op without a handler). */
  protected emit(name: EventName, source?: EventTarget, key?: string, declined = false): void {
    this.events.emit(name, source, key, declined);
  }
}
