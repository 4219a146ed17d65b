import { literal, type StaticValue } from 'lit/static-html.js';
import { ELEMENT_TAGS } from './define-element.ts';

/** Fallback for groups without a type. */
export const GROUP_TAG = literal`suip-group`;
/** Fallback for types the view has no element for. */
export const UNKNOWN_TAG = literal`suip-unknown`;

/**
 * The tag for a group of `type` (undefined → plain group, a host component's tag first, unknown → visible fallback).
 */
export function tagFor(type: string | undefined, hostTags?: ReadonlyMap<string, StaticValue>): StaticValue {
  if (type === undefined) return GROUP_TAG;
  return hostTags?.get(type) ?? ELEMENT_TAGS.get(type) ?? UNKNOWN_TAG;
}

/** Types that have a built-in element (once the elements are loaded; for tests and docs). */
export function renderedTypes(): readonly string[] {
  return [...ELEMENT_TAGS.keys()];
}
