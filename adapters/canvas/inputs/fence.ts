import { HeldFenceLine, MAX_INDENT, createFenceScanner, type FenceEvent } from '../../../shared/code-fence.ts';
import type { LineFramer } from '../../../shared/line-framer.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import { OpBlock, createCanvasLineFramer } from './op-block.ts';

/** Options of `createFenceReader`. */
export interface FenceReaderOptions {
  /** Ops of each closed ```genui block, in order. */
  onOps(ops: CanvasOp[]): void;
  /** Prose outside the fences (whole lines), for the transcript. */
  onText?(text: string): void;
  /** Refused ops, oversized or unclosed blocks. */
  onError?(message: string): void;
}

/** An incremental reader of streamed model text. */
export interface FenceReader {
  /** Feed the next chunk (any split: a block is decoded only once its closing fence arrived). */
  push(chunk: string): void;
  /** The stream ended: an unclosed block is reported, never guessed. */
  end(): void;
}

/**
 * The line that opens a canvas block: ```genui, optionally ```genui json or ```genui toon, after at
 * most 3 spaces or tabs (the fence scanner's rule, `shared/code-fence.ts`). The one rule of both
 * readers: `isCanvasBlock` reads a fence's info string with it.
 */
export const BLOCK_OPEN = /^[ \t]{0,3}```[ \t]*genui(?:[ \t]+(?:json|toon))?[ \t]*$/i;
/**
 * The line that closes a block: a fence line at any indent up to the scanner's MAX_INDENT (a model
 * that indents a block indents its closing fence too); the rest of the line is dropped.
 */
export const BLOCK_CLOSE = new RegExp(`^[ \\t]{0,${MAX_INDENT}}\`\`\``);

/** A fence's info string ("genui toon") names a canvas block. */
export const isCanvasBlock = (info: string): boolean => BLOCK_OPEN.test(`\`\`\`${info}`);

/**
 * Reads ```genui fences (JSON or TOON inside) out of streamed text — the seed's input for models
 * without tool calls. Fences are found by the tree's one fence scanner (`shared/code-fence.ts`,
 * verbatim), so the work is O(n) over the stream; a block is decoded whole when its fence closes
 * (structure is never guessed from half a block, `OpBlock`); a block over maxBlockChars is dropped
 * with an error. Other fences (```js) are prose, their fence lines included.
 */
export function createFenceReader(options: FenceReaderOptions): FenceReader {
  return new CanvasFenceReader(options);
}

/** The reader's state as named fields: where the scanner is, the fence line it holds, the block, the prose lines. */
class CanvasFenceReader implements FenceReader {
  private readonly scanner = createFenceScanner({ verbatim: true, closesIndented: isCanvasBlock });
  /**
   * Prose; a fence's opening line (held until its info decides); a canvas block; its closing line
   * (dropped); another fence (prose, fence lines included).
   */
  private mode: 'text' | 'opening' | 'block' | 'closed' | 'other' = 'text';
  /** The opening fence line so far (bounded like a line). */
  private readonly opening = new HeldFenceLine(CANVAS_LIMITS.maxBlockChars);
  private block = new OpBlock('genui');
  /** A `\r` that ended the last piece of the block: dropped when a `\n` follows (lines as the framer gives them). */
  private cr = '';
  /** The prose cut into whole lines for the transcript (a line too long for any block is skipped). */
  private readonly prose: LineFramer;

  constructor(private readonly options: FenceReaderOptions) {
    this.prose = createCanvasLineFramer({ line: (text) => options.onText?.(text), tooLong: () => {} });
  }

  push(chunk: string): void {
    for (const event of this.scanner.push(chunk)) this.read(event);
  }

  end(): void {
    for (const event of this.scanner.end()) this.read(event);
    // The stream ended on an opening fence line: a canvas block opened on nothing is still unclosed.
    if (this.mode === 'opening' && isCanvasBlock(this.opening.info())) this.mode = 'block';
    else if (this.mode === 'opening') this.openOther();
    this.prose.end();
    if (this.mode === 'block')
      this.options.onError?.('a genui block was never closed (the stream ended inside it); its ops were not applied');
    this.block = new OpBlock('genui');
    this.mode = 'text';
  }

  private read(event: FenceEvent): void {
    switch (event.kind) {
      case 'text':
        this.mode = 'text';
        return this.prose.push(event.text);
      case 'open':
        this.mode = 'opening';
        return this.opening.start();
      case 'body':
        if (isCanvasBlock(event.info)) this.mode = 'block';
        else this.openOther();
        return;
      case 'code':
        return this.mode === 'block' ? this.code(event.text) : this.prose.push(event.text);
      case 'close':
        // The closing line's pieces follow: dropped after a block, prose after another fence.
        if (this.mode !== 'block') return;
        this.mode = 'closed';
        this.cr = '';
        return this.block.finish(this.options);
      case 'fence':
        if (this.mode === 'other') return this.prose.push(event.text);
        if (this.mode === 'opening') this.opening.add(event.text);
    }
  }

  /** A piece of a block's body, its line ends as `\n` alone. */
  private code(text: string): void {
    const piece = this.cr + text;
    this.cr = piece.endsWith('\r') ? '\r' : '';
    this.block.add((this.cr === '' ? piece : piece.slice(0, -1)).replace(/\r\n/g, '\n'));
  }

  /** The held opening line belongs to a fence that is prose: its lines go to the transcript. */
  private openOther(): void {
    this.mode = 'other';
    // A line over the limit is skipped, as the framer skips one.
    if (this.opening.length <= CANVAS_LIMITS.maxBlockChars + 1) this.prose.push(this.opening.text);
  }
}

/** All ops of the ```genui blocks of a whole text. */
export function opsFromText(text: string): { ops: CanvasOp[]; errors: string[] } {
  const ops: CanvasOp[] = [];
  const errors: string[] = [];
  const reader = createFenceReader({ onOps: (list) => ops.push(...list), onError: (e) => errors.push(e) });
  reader.push(text);
  reader.end();
  return { ops, errors };
}
