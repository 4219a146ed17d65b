import { createJsonUnitParser, type JsonStreamEvent, type JsonUnitParser } from '../../streaming/index.ts';
import type { CanvasHost } from '../host.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { collect, decodeBlock, parseJson, type Decoded } from './decode.ts';
import { createLineFramer } from '../../../shared/line-framer.ts';
import { BLOCK_CLOSE, BLOCK_OPEN } from './fence.ts';

/** The `data` fields of built-in types that are prose: they stream as they grow. Everything else waits. */
export const CANVAS_TEXT_ROLES: ReadonlySet<string> = new Set([
  'title',
  'text',
  'subtitle',
  'message',
  'caption',
  'desc',
  'description',
  'condition',
  'label',
]);

/** Options of `createCanvasFeed`. */
export interface CanvasFeedOptions {
  /** Prose outside the fences (whole lines). */
  onText?(text: string): void;
  /** Refused ops, broken lines, oversized or unclosed blocks (the same messages as the non-streamed path). */
  onError?(message: string): void;
}

/** Feeds a model's streamed text into a canvas while it arrives. */
export interface CanvasFeed {
  push(chunk: string): void;
  /** The text ended: an unclosed block is reported, never guessed. */
  end(): void;
}

/**
 * Progressive canvas ops (issue 17, design §8): a ```genui block of JSON lines (one op per line,
 * the usual form) is read with the shared incremental parser while it streams. An `upsert` is
 * previewed once its `op`, `id` and `type` have closed, and only its prose (`CANVAS_TEXT_ROLES` in
 * `data`) grows before the line ends; at the line end the preview is dropped and the op is applied
 * through `host.apply`, exactly as the non-streamed path (`opsFromText`) would, so the final canvas
 * equals a non-streamed run and a broken line leaves nothing behind. A block whose first line is
 * not one JSON op (TOON, an array, pretty-printed JSON) is decoded whole at its closing fence, as
 * before. Canvas components have no child references, so there is nothing to hold a placeholder for.
 */
export function createCanvasFeed(
  host: Pick<CanvasHost, 'apply' | 'preview' | 'endPreview'>,
  options: CanvasFeedOptions = {},
): CanvasFeed {
  /** undefined: prose; 'lines': a block read line by line; 'whole': a block decoded at its close. */
  let block: 'lines' | 'whole' | undefined;
  let lines: string[] = [];
  let chars = 0;
  let overflow = false;
  let first = true;
  let parser: JsonUnitParser | undefined;
  let previewing = false;

  const newParser = () =>
    createJsonUnitParser({
      units: ['$'],
      mode: 'document',
      limits: { maxDocumentChars: CANVAS_LIMITS.maxOpBytes, maxDepth: CANVAS_LIMITS.maxOpDepth },
      cuttable: (inUnit, unit) => {
        if (inUnit.length !== 2 || inUnit[0] !== 'data' || Array.isArray(unit)) return false;
        const { op, id, type } = unit as Record<string, unknown>;
        return (
          op === 'upsert' &&
          typeof id === 'string' &&
          typeof type === 'string' &&
          CANVAS_TEXT_ROLES.has(String(inUnit[1]))
        );
      },
    });
  const stopPreview = () => {
    if (previewing) host.endPreview();
    previewing = false;
  };
  const onEvents = (events: JsonStreamEvent[]) => {
    for (const e of events) {
      if (e.kind === 'text') previewing = host.preview(e.unit) || previewing;
      else if (e.kind === 'error') stopPreview();
    }
  };
  /** Text of the current line so far (inside a block read line by line). */
  const partial = (text: string) => {
    if (block !== 'lines' || overflow) return;
    if (parser === undefined) {
      if (text.trimStart() === '') return;
      if (!text.trimStart().startsWith('{')) return;
      parser = newParser();
    }
    onEvents(parser.push(text));
  };
  const applyLines = (body: string) => {
    const decoded = decodeBlock(body);
    for (const error of decoded.errors) options.onError?.(error);
    for (const op of decoded.ops) host.apply(op);
  };
  const line = (text: string) => {
    if (block === undefined) {
      if (BLOCK_OPEN.test(text)) {
        block = 'lines';
        lines = [];
        chars = 0;
        overflow = false;
        first = true;
      } else options.onText?.(text);
      return;
    }
    if (BLOCK_CLOSE.test(text)) {
      stopPreview();
      parser = undefined;
      if (overflow)
        options.onError?.(`a genui block over ${CANVAS_LIMITS.maxBlockChars} characters was dropped (maxBlockChars)`);
      else if (block === 'whole') applyLines(lines.join('\n'));
      block = undefined;
      return;
    }
    chars += text.length + 1;
    if (chars > CANVAS_LIMITS.maxBlockChars) overflow = true;
    if (overflow) return stopPreview();
    lines.push(text);
    if (block === 'whole') return;
    stopPreview();
    parser = undefined;
    if (text.trim() === '') return;
    const trimmed = text.trim();
    // The block's first line decides: one JSON op per line, or a whole block (TOON, an array, pretty JSON).
    if (first) {
      first = false;
      if (!trimmed.startsWith('{') || !parseJson(trimmed).ok) return void (block = 'whole');
    }
    // One line, read exactly as the non-streamed decoder reads each line of a JSON-lines block.
    const one = parseJson(trimmed);
    const out: Decoded = { ops: [], errors: [] };
    if (one.ok) collect(one.value, out);
    else out.errors.push(one.error);
    for (const error of out.errors) options.onError?.(error);
    for (const op of out.ops) host.apply(op);
  };
  // The tree's one bounded line framer (shared/line-framer.ts), its `piece` feeding the preview
  // while a line is written: a line longer than a whole block can never be useful, so it is
  // skipped as it streams (never buffered) and spoils its block.
  const framer = createLineFramer(
    {
      line,
      piece: partial,
      tooLong: ({ length, max }) => {
        stopPreview();
        if (block !== undefined) overflow = true;
        // Prose is never cut to a fragment, nor dropped unsaid.
        else
          options.onError?.(`a line of ${length} characters outside a genui block was skipped (the limit is ${max})`);
      },
    },
    { maxLineBytes: CANVAS_LIMITS.maxBlockChars, keepEmpty: true },
  );
  return {
    push(chunk) {
      framer.push(chunk);
    },
    end() {
      framer.end();
      stopPreview();
      if (block !== undefined)
        options.onError?.('a genui block was never closed (the stream ended inside it); its ops were not applied');
      block = undefined;
    },
  };
}
