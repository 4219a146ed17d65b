import { literal, type StaticValue } from 'lit/static-html.js';
import { ELEMENT_TAGS } from './define-element.ts';
import { awaitsFirstUse } from './elements-on-first-use.ts';

/** Fallback for groups without a type. */
export const GROUP_TAG = literal`suip-group`;
/** Fallback for types the view has no element for. */
export const UNKNOWN_TAG = literal`suip-unknown`;

/**
 * The tag for a group of `type` (undefined → plain group, a host component's tag first, unknown → visible fallback).
 */
export function tagFor(type: string | undefined, hostTags?: ReadonlyMap<string, StaticValue>): StaticValue {
  if (type === undefined) return GROUP_TAG;
  const host = hostTags?.get(type);
  if (host !== undefined) return host;
  const tag = ELEMENT_TAGS.get(type);
  if (tag === undefined) return UNKNOWN_TAG;
  // A built-in element left to first use: this render starts its module's load (it upgrades in place).
  awaitsFirstUse(type);
  return tag;
}

/** Types that have a built-in element, loaded or left to first use (for tests and docs). */
export function renderedTypes(): readonly string[] {
  return [...ELEMENT_TAGS.keys()];
}
