import { literal, type StaticValue } from 'lit/static-html.js';

/**
 * Vocabulary type → element tag, as static literals. SECURITY: tags come only from this constant
 * table; a type name from the sandbox is a lookup key, never markup (`unsafeStatic` is not used).
 */
const TAGS = new Map<string, StaticValue>([
  ['card', literal`suip-card`],
  ['list', literal`suip-list`],
  ['row', literal`suip-row`],
  ['column', literal`suip-column`],
  ['grid', literal`suip-grid`],
  ['section', literal`suip-section`],
  ['tabs', literal`suip-tabs`],
  ['accordion', literal`suip-accordion`],
  ['modal', literal`suip-modal`],
  ['slot', literal`suip-slot`],
  ['placeholder', literal`suip-placeholder`],
  ['divider', literal`suip-divider`],
  ['hero', literal`suip-hero`],
  ['alert', literal`suip-alert`],
  ['badge', literal`suip-badge`],
  ['status', literal`suip-status`],
  ['progress', literal`suip-progress`],
  ['stats', literal`suip-stats`],
  ['stat', literal`suip-stat`],
  ['key-value', literal`suip-key-value`],
  ['pair', literal`suip-pair`],
  ['table', literal`suip-table`],
  ['timeline', literal`suip-timeline`],
  ['timeline-item', literal`suip-timeline-item`],
  ['code', literal`suip-code`],
  ['tags', literal`suip-tags`],
  ['rating', literal`suip-rating`],
  ['link-card', literal`suip-link-card`],
  ['chart-bar', literal`suip-chart-bar`],
  ['chart-line', literal`suip-chart-line`],
  ['chart-pie', literal`suip-chart-pie`],
  ['icon', literal`suip-icon`],
  ['image', literal`suip-image`],
  ['audio', literal`suip-audio`],
  ['video', literal`suip-video`],
  ['file', literal`suip-file`],
  ['form', literal`suip-form`],
  ['button', literal`suip-button`],
  ['text-field', literal`suip-text-field`],
  ['text-area', literal`suip-text-area`],
  ['checkbox', literal`suip-checkbox`],
  ['toggle', literal`suip-toggle`],
  ['choice', literal`suip-choice`],
  ['multi-choice', literal`suip-multi-choice`],
  ['slider', literal`suip-slider`],
  ['date-field', literal`suip-date-field`],
]);

/** Fallback for groups without a type. */
export const GROUP_TAG = literal`suip-group`;
/** Fallback for types the view has no element for. */
export const UNKNOWN_TAG = literal`suip-unknown`;

/** The tag for a group of `type` (undefined → plain group, a host component's tag first, unknown → visible fallback). */
export function tagFor(type: string | undefined, hostTags?: ReadonlyMap<string, StaticValue>): StaticValue {
  if (type === undefined) return GROUP_TAG;
  return hostTags?.get(type) ?? TAGS.get(type) ?? UNKNOWN_TAG;
}

/** Types that have an element (for tests and docs). */
export const RENDERED_TYPES: readonly string[] = [...TAGS.keys()];
