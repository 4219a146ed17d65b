/**
 * Incremental JSON for partial LLM output (design neighbours.md §8, D15): render only completed
 * units, stream only text. One parser serves every JSON neighbour:
 *
 * - A2UI: `units: ['$.updateComponents.components.*']`, context `$.updateComponents.surfaceId`.
 * - GenUI v1.0: `units: ['$.addOrUpdateSurface.definition.widgets.*']`.
 * - canvas ops (JSONL): `units: ['$']`, one op per line.
 *
 * Units are previews until their document's `document` event; on `error` the document never commits.
 */
export { createJsonUnitParser } from './json-units.ts';
export type { CuttablePredicate, JsonStreamEvent, JsonUnitParser, JsonUnitParserOptions } from './json-units.ts';
export { compilePath, formatPath, matchesPath } from './json-path.ts';
export type { PathPattern, PathSegment } from './json-path.ts';
export { DEFAULT_JSON_STREAM_LIMITS } from './limits.ts';
export type { JsonStreamError, JsonStreamErrorCode, JsonStreamLimits } from './limits.ts';
