import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import { createLineFramer, type LineFramer, type LineFramerSink } from '../../../shared/line-framer.ts';
import { decodeBlock } from './decode.ts';

/**
 * The tree's one bounded line framer (shared/line-framer.ts) as the canvas readers use it: empty
 * lines kept, and a line longer than a whole block (maxBlockChars) skipped as it streams, never
 * buffered, since it can never be useful.
 */
export function createCanvasLineFramer(sink: LineFramerSink): LineFramer {
  return createLineFramer(sink, { maxLineBytes: CANVAS_LIMITS.maxBlockChars, keepEmpty: true });
}

/** Where a finished block's ops and refusals go. */
export interface OpBlockSink {
  onOps(ops: CanvasOp[]): void;
  onError?(message: string): void;
}

/**
 * One block of canvas ops as it streams in (a ```genui fence's body, or a TOON op between `---`
 * lines), decoded whole when it ends: structure is never guessed from half a block. Memory is
 * bounded by maxBlockChars: past it the text is no longer kept, and the block is dropped with an
 * error naming the limit.
 */
export class OpBlock {
  private parts: string[] = [];
  /** The block's length, its last line end counted (as the seed counts a block's lines). */
  private chars = 1;
  private overflow = false;
  /** Nothing was added since the block began. */
  empty = true;

  /** `name` names the block in the error ("genui", "TOON"). */
  constructor(private readonly name: string) {}

  /** Appends text to the block, or spoils it once it passes maxBlockChars. */
  add(text: string): void {
    this.empty = false;
    this.chars += text.length;
    if (this.overflow) return;
    if (this.chars > CANVAS_LIMITS.maxBlockChars) this.spoil();
    else this.parts.push(text);
  }

  /** The block can no longer be whole (a line of it was skipped, or it grew past the limit). */
  spoil(): void {
    this.overflow = true;
    this.parts = [];
  }

  /** The block ended: its ops are decoded and handed on with its refusals; the block starts over. */
  finish(sink: OpBlockSink): void {
    const text = this.parts.join('');
    const dropped = this.overflow;
    this.parts = [];
    this.chars = 1;
    this.overflow = false;
    this.empty = true;
    if (dropped)
      return sink.onError?.(
        `a ${this.name} block over ${CANVAS_LIMITS.maxBlockChars} characters was dropped (maxBlockChars)`,
      );
    const decoded = decodeBlock(text);
    for (const error of decoded.errors) sink.onError?.(error);
    if (decoded.ops.length > 0) sink.onOps(decoded.ops);
  }
}
