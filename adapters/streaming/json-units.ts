import { JsonUnitStreamParser } from './json-unit-parser.ts';
import type { JsonUnitParser, JsonUnitParserOptions } from './json-unit-types.ts';

export type { CuttablePredicate, JsonStreamEvent, JsonUnitParser, JsonUnitParserOptions } from './json-unit-types.ts';

/**
 * Creates an incremental, O(n) JSON parser that yields each **unit** (a value at a configured
 * path: an A2UI component, a GenUI widget, a canvas op) the moment it closes, and, for cuttable
 * text roles only, the growing text of a string still open. Keys, ids, types, URLs and numbers
 * are never yielded before they close, so nothing structural is ever guessed. A unit yielded from
 * a document that later turns out invalid was still in the text, but the document never commits:
 * consumers treat units as previews until the `document` event and drop them on `error`.
 *
 * Bounded: nesting depth, characters per document and units per document; each problem is an
 * `error` event naming the line, column, JSON path, what was expected and what was found.
 *
 * Each push costs O(its own length) (plus the open unit's members when a text grows), however
 * long the document or the text so far: the parts live in `json-unit-parser.ts`.
 */
export function createJsonUnitParser(options: JsonUnitParserOptions): JsonUnitParser {
  return new JsonUnitStreamParser(options);
}
