import { createJsonUnitParser, type JsonUnitParser } from '../../streaming/index.ts';
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
  const feed = new CanvasFeedState(host, options);
  // The tree's one bounded line framer (shared/line-framer.ts), its `piece` feeding the preview
  // while a line is written: a line longer than a whole block can never be useful, so it is
  // skipped as it streams (never buffered) and spoils its block.
  const framer = createLineFramer(
    {
      line: (text) => feed.line(text),
      piece: (text) => feed.partial(text),
      tooLong: ({ length, max }) => feed.tooLong(length, max),
    },
    { maxLineBytes: CANVAS_LIMITS.maxBlockChars, keepEmpty: true },
  );
  return {
    push(chunk) {
      framer.push(chunk);
    },
    end() {
      framer.end();
      feed.end();
    },
  };
}

/** The incremental parser of one JSON-lines op, whose upsert prose (`CANVAS_TEXT_ROLES`) streams. */
function previewParser(): JsonUnitParser {
  return createJsonUnitParser({
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
}

/** Where a feed stands: in prose or in a block, what the block holds so far, and the preview it shows. */
class CanvasFeedState {
  /** undefined: prose; 'lines': a block read line by line; 'whole': a block decoded at its close. */
  private block: 'lines' | 'whole' | undefined;
  private lines: string[] = [];
  private chars = 0;
  private overflow = false;
  /** The block's next line is its first (which decides 'lines' or 'whole'). */
  private first = true;
  /** The current line's incremental parser, once the line looks like a JSON op. */
  private parser: JsonUnitParser | undefined;
  private previewing = false;

  constructor(
    private readonly host: Pick<CanvasHost, 'apply' | 'preview' | 'endPreview'>,
    private readonly options: CanvasFeedOptions,
  ) {}

  /** Text of the current line so far (inside a block read line by line). */
  partial(text: string): void {
    if (this.block !== 'lines' || this.overflow) return;
    if (this.parser === undefined) {
      if (!text.trimStart().startsWith('{')) return;
      this.parser = previewParser();
    }
    for (const e of this.parser.push(text)) {
      if (e.kind === 'text') this.previewing = this.host.preview(e.unit) || this.previewing;
      else if (e.kind === 'error') this.stopPreview();
    }
  }

  /** A whole line: prose, a fence, or a line of the open block. */
  line(text: string): void {
    if (this.block === undefined) {
      if (BLOCK_OPEN.test(text)) this.openBlock();
      else this.options.onText?.(text);
    } else if (BLOCK_CLOSE.test(text)) this.closeBlock();
    else this.blockLine(text);
  }

  /** A line over the framer's bound: it spoils its block, and prose is never cut to a fragment nor dropped unsaid. */
  tooLong(length: number, max: number): void {
    this.stopPreview();
    if (this.block !== undefined) this.overflow = true;
    else
      this.options.onError?.(`a line of ${length} characters outside a genui block was skipped (the limit is ${max})`);
  }

  end(): void {
    this.stopPreview();
    if (this.block !== undefined)
      this.options.onError?.('a genui block was never closed (the stream ended inside it); its ops were not applied');
    this.block = undefined;
  }

  private openBlock(): void {
    this.block = 'lines';
    this.lines = [];
    this.chars = 0;
    this.overflow = false;
    this.first = true;
  }

  private closeBlock(): void {
    this.stopPreview();
    this.parser = undefined;
    if (this.overflow)
      this.options.onError?.(
        `a genui block over ${CANVAS_LIMITS.maxBlockChars} characters was dropped (maxBlockChars)`,
      );
    else if (this.block === 'whole') this.applyDecoded(decodeBlock(this.lines.join('\n')));
    this.block = undefined;
  }

  private blockLine(text: string): void {
    this.chars += text.length + 1;
    if (this.chars > CANVAS_LIMITS.maxBlockChars) this.overflow = true;
    if (this.overflow) return this.stopPreview();
    this.lines.push(text);
    if (this.block === 'whole') return;
    this.stopPreview();
    this.parser = undefined;
    const trimmed = text.trim();
    if (trimmed === '') return;
    // The block's first line decides: one JSON op per line, or a whole block (TOON, an array, pretty JSON).
    if (this.first) {
      this.first = false;
      if (!trimmed.startsWith('{') || !parseJson(trimmed).ok) return void (this.block = 'whole');
    }
    // One line, read exactly as the non-streamed decoder reads each line of a JSON-lines block.
    const one = parseJson(trimmed);
    const out: Decoded = { ops: [], errors: [] };
    if (one.ok) collect(one.value, out);
    else out.errors.push(one.error);
    this.applyDecoded(out);
  }

  private applyDecoded(decoded: Decoded): void {
    for (const error of decoded.errors) this.options.onError?.(error);
    for (const op of decoded.ops) this.host.apply(op);
  }

  private stopPreview(): void {
    if (this.previewing) this.host.endPreview();
    this.previewing = false;
  }
}
