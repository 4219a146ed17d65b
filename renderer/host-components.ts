import { unsafeStatic, type StaticValue } from 'lit/static-html.js';
import type { GroupParticle, VocabularyEntry } from '../shared/index.ts';
import type { ViewContext } from './view/view-context.ts';
import { SuipHostError } from './host-error.ts';

/**
 * A vocabulary type the host adds (or a built-in it replaces): the definition — the same shape the
 * built-ins use, so the validator, the handshake's vocabulary, the system prompt and the gallery
 * follow it — and the custom element that shows it. The element is the host's own code (defined
 * with `customElements.define` before use); it receives `particle`, `path` and `context`
 * properties, and may extend `SuipGroupElement` to get role lookups and event wiring.
 */
export interface HostComponent {
  definition: VocabularyEntry;
  /** The element's tag name, e.g. "product-card". */
  tagName: string;
}

/**
 * What the renderer sets on a host component's element, as properties, before each render: the
 * group it shows (hostile data: read it, never mutate it), its absolute path (the mount id first)
 * and the view context. `class ProductCard extends HTMLElement implements HostComponentElement`
 * types a plain element; `SuipGroupElement` already has all three.
 */
export interface HostComponentElement {
  particle: GroupParticle;
  path: readonly string[];
  context: ViewContext;
}

/** A valid custom element name: lower-case, starts with a letter, contains a hyphen. */
const TAG_NAME = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;

/** The vocabulary with the host's components added (a component with a built-in's type replaces it). */
export function withComponents(
  vocabulary: readonly VocabularyEntry[],
  components: readonly HostComponent[],
): VocabularyEntry[] {
  const byType = new Map(vocabulary.map((entry) => [entry.type, entry]));
  for (const component of components) byType.set(component.definition.type, component.definition);
  return [...byType.values()];
}

/**
 * Type → tag for the host's components. SECURITY: the tag names come from host code and are
 * checked to be custom element names; a type name from a program is only ever a lookup key.
 */
export function componentTags(components: readonly HostComponent[]): ReadonlyMap<string, StaticValue> {
  const tags = new Map<string, StaticValue>();
  for (const { definition, tagName } of components) {
    if (typeof tagName !== 'string' || !TAG_NAME.test(tagName))
      throw new SuipHostError(
        'invalid-option',
        `components: ${JSON.stringify(String(tagName))} is not a custom element name (lower-case, with a hyphen)`,
        { option: 'components' },
      );
    tags.set(definition.type, unsafeStatic(tagName));
  }
  return tags;
}
