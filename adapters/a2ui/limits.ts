/** Bounds of the A2UI bridge: every hostile size an agent can send stops at one of these. */
export interface A2uiLimits {
  /** Components one surface may hold. */
  maxComponents: number;
  /**
   * Deepest component nesting rendered from `root` (a component may add two suip levels, and
   * suip's own maxDepth is 64).
   */
  maxDepth: number;
  /** Particles one surface may produce in one translation. */
  maxNodes: number;
  /** Items a child-list template expands (the rest are cut with a visible note). */
  maxTemplateItems: number;
  /** Segments in one JSON Pointer. */
  maxPointerSegments: number;
  /** Nesting depth of a data model value. */
  maxValueDepth: number;
  /** Entries (array items plus object keys) in one data model value. */
  maxValueEntries: number;
  /** Characters of one string the bridge evaluates (texts, templates, regexps). */
  maxStringLength: number;
  /** Surfaces one bridge keeps. */
  maxSurfaces: number;
}

/** The defaults: generous for real UIs, small enough that a hostile stream costs milliseconds. */
export const DEFAULT_A2UI_LIMITS: A2uiLimits = {
  maxComponents: 5000,
  maxDepth: 30,
  maxNodes: 5000,
  maxTemplateItems: 1000,
  maxPointerSegments: 32,
  maxValueDepth: 32,
  maxValueEntries: 100000,
  maxStringLength: 100000,
  maxSurfaces: 64,
};

/** One problem the bridge found, with the A2UI path it belongs to (`/components/3/child`). */
export class A2uiError extends Error {
  /** `VALIDATION_FAILED` for a fault in what the agent sent; other codes for limits and state. */
  readonly code: string;
  /** JSON Pointer into the offending message (or `/dataModel/...`). */
  readonly path: string;
  constructor(code: string, path: string, message: string) {
    super(message);
    this.name = 'A2uiError';
    this.code = code;
    this.path = path;
  }
}

/** Names for a message, bounded: at most `max` names of at most `width` characters, then how many more. */
export function listNames(names: Iterable<string>, max = 30, width = 60): string {
  const all = [...names];
  const shown = all
    .slice(0, max)
    .map((n) => n.slice(0, width))
    .join(', ');
  return all.length > max ? `${shown} and ${all.length - max} more` : shown;
}
