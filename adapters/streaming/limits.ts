/** Bounds of one incremental JSON parse: a hostile stream stops at one of these, with a precise error. */
export interface JsonStreamLimits {
  /** Deepest nesting of arrays and objects in one document (the document itself is level 1). */
  maxDepth: number;
  /** Characters of one document (one JSONL line, or the whole text in single-document mode). */
  maxDocumentChars: number;
  /** Units one document may yield. */
  maxUnits: number;
}

/** Defaults: those of suip's own messages (depth 64) and of the A2UI bridge (4,000,000 characters a line). */
export const DEFAULT_JSON_STREAM_LIMITS: Readonly<JsonStreamLimits> = Object.freeze({
  maxDepth: 64,
  maxDocumentChars: 4_000_000,
  maxUnits: 10_000,
});

/**
 * `JSON_SYNTAX`: the text is not JSON; `LIMIT_EXCEEDED`: it passed a bound; `INCOMPLETE`: the stream ended inside a
 * document.
 */
export type JsonStreamErrorCode = 'JSON_SYNTAX' | 'LIMIT_EXCEEDED' | 'INCOMPLETE';

/** One problem in a stream, located so that a model can fix exactly that place. */
export interface JsonStreamError {
  code: JsonStreamErrorCode;
  /** 1-based line of the stream (in JSONL, the document's line). */
  line: number;
  /** 1-based column on that line. */
  column: number;
  /** Where in the document, as `$.a.b[2]`. */
  path: string;
  /** The whole sentence: where, what was expected, what was found. */
  message: string;
}
