import { unsafeStatic, type StaticValue } from 'lit/static-html.js';
import type { SuipGroupElement } from './suip-element.ts';

/**
 * Vocabulary type → element tag, filled as the element modules load: each element names its
 * definition (`static definition`), so the type list lives in the definitions alone and an element
 * cannot drift from the roles the validator enforces. SECURITY: tags come only from these calls in
 * our own modules; a type name from a program is only ever a lookup key, never markup.
 */
export const ELEMENT_TAGS = new Map<string, StaticValue>();

/** Define `tag` for a vocabulary element and record it as the element of its definition's type. */
export function defineElement(tag: string, element: typeof SuipGroupElement): void {
  const type = element.definition?.type;
  if (type !== undefined) ELEMENT_TAGS.set(type, unsafeStatic(tag));
  if (!customElements.get(tag)) customElements.define(tag, element);
}
