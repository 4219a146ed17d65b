import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import { decodeBlock } from './decode.ts';
import { createLineFramer } from '../../../shared/line-framer.ts';

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
 * The line that opens a canvas block: ```genui, optionally ```genui json or ```genui toon. The one rule of both
 * readers.
 */
export const BLOCK_OPEN = /^[ \t]*```+[ \t]*genui(?:[ \t]+(?:json|toon))?[ \t]*$/i;
/** The line that closes a block: a bare fence. */
export const BLOCK_CLOSE = /^[ \t]*```+[ \t]*$/;

/**
 * Reads ```genui fences (JSON or TOON inside) out of streamed text — the seed's input for models
 * without tool calls. Lines are scanned as they complete, so the work is O(n) over the stream; a
 * block is decoded whole when its fence closes (structure is never guessed from half a block);
 * a block over maxBlockChars is dropped with an error.
 */
export function createFenceReader(options: FenceReaderOptions): FenceReader {
  let block: string[] | undefined;
  let blockChars = 0;
  let overflow = false;
  const line = (text: string) => {
    if (block === undefined) {
      if (BLOCK_OPEN.test(text)) {
        block = [];
        blockChars = 0;
        overflow = false;
      } else options.onText?.(text);
      return;
    }
    if (BLOCK_CLOSE.test(text)) {
      const body = block.join('\n');
      block = undefined;
      if (overflow)
        return options.onError?.(
          `a genui block over ${CANVAS_LIMITS.maxBlockChars} characters was dropped (maxBlockChars)`,
        );
      const decoded = decodeBlock(body);
      for (const error of decoded.errors) options.onError?.(error);
      if (decoded.ops.length > 0) options.onOps(decoded.ops);
      return;
    }
    blockChars += text.length + 1;
    if (blockChars > CANVAS_LIMITS.maxBlockChars) overflow = true;
    else block.push(text);
  };
  // The tree's one bounded line framer (shared/line-framer.ts): a line longer than a whole block
  // can never be useful, so it is skipped as it streams (never buffered) and spoils its block.
  const tooLong = () => {
    if (block !== undefined) overflow = true;
  };
  const framer = createLineFramer({ line, tooLong }, { maxLineBytes: CANVAS_LIMITS.maxBlockChars, keepEmpty: true });
  return {
    push(chunk) {
      framer.push(chunk);
    },
    end() {
      framer.end();
      if (block !== undefined)
        options.onError?.('a genui block was never closed (the stream ended inside it); its ops were not applied');
      block = undefined;
    },
  };
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
