import type { PathSegment } from './json-path.ts';
import type { JsonStreamError, JsonStreamLimits } from './limits.ts';

/** Which strings inside a unit may be shown before they close (text roles); everything else waits. */
export type CuttablePredicate = (
  pathInUnit: readonly PathSegment[],
  unitSoFar: Readonly<Record<string, unknown>> | readonly unknown[],
  unitPath: readonly PathSegment[],
) => boolean;

/** Options of `createJsonUnitParser`. */
export interface JsonUnitParserOptions {
  /**
   * Where units sit, as path patterns: `$.updateComponents.components.*`, `$.definition.widgets[*]`, `$` (each
   * document).
   */
  units: readonly string[];
  /** Values outside units reported as they close (`$.updateComponents.surfaceId`): the context a unit needs. */
  context?: readonly string[];
  /** Text roles: an open string inside a unit for which this returns true streams as `text` events. Default: none. */
  cuttable?: CuttablePredicate;
  /** `jsonl` (default): one document per line, a bad line is skipped; `document`: the whole stream is one JSON text. */
  mode?: 'jsonl' | 'document';
  limits?: Partial<JsonStreamLimits>;
}

/** What a push yields, in stream order. `document` numbers the documents of the stream from 0. */
export type JsonStreamEvent =
  /** A unit closed: it is exactly the value `JSON.parse` gives at that path. */
  | { kind: 'unit'; document: number; path: PathSegment[]; value: unknown }
  /**
   * A text role of a unit still being written grew. `unit` is a fresh copy of the unit's closed members
   * plus this string so far (`text`); `delta` is what was added since the last event for this string.
   */
  | {
      kind: 'text';
      document: number;
      unitPath: PathSegment[];
      path: PathSegment[];
      text: string;
      delta: string;
      unit: unknown;
    }
  /** A `context` value closed. */
  | { kind: 'value'; document: number; path: PathSegment[]; value: unknown }
  /** A document is complete and valid (JSONL: its line ended): commit what its units previewed. */
  | { kind: 'document'; document: number; value: unknown }
  /** The document is not JSON or passed a bound: drop what its units previewed. JSONL resumes on the next line. */
  | { kind: 'error'; document: number; error: JsonStreamError };

/** An incremental JSON parser fed the stream text piece by piece. */
export interface JsonUnitParser {
  /** Feeds the next piece of text; returns what completed in it. */
  push(chunk: string): JsonStreamEvent[];
  /** The stream ended: the last document completes, or is reported `INCOMPLETE`. */
  end(): JsonStreamEvent[];
}
