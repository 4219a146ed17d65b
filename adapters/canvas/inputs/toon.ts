import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import { decodeBlock } from './decode.ts';
import { createLineFramer } from '../../../shared/line-framer.ts';

/** An incremental reader of a TOON op stream (`---` between ops, as the seed writes it). */
export interface ToonReader {
  push(chunk: string): void;
  /** The stream ended: the last block is decoded (strict: a truncated one is refused, not guessed). */
  end(): void;
}

/**
 * Reads a stream of TOON ops: a block is decoded (with `@toon-format/toon`, strict) when the `---`
 * after it or the end of the stream arrives, never before — strict row counts turn a cut block
 * into an error instead of a half op. Memory is bounded by maxBlockChars.
 */
export function createToonReader(options: {
  onOps(ops: CanvasOp[]): void;
  onError?(message: string): void;
}): ToonReader {
  let block: string[] = [];
  let chars = 0;
  let overflow = false;
  const flush = () => {
    const text = block.join('\n');
    const dropped = overflow;
    block = [];
    chars = 0;
    overflow = false;
    if (dropped)
      return options.onError?.(
        `a TOON block over ${CANVAS_LIMITS.maxBlockChars} characters was dropped (maxBlockChars)`,
      );
    if (text.trim() === '') return;
    const decoded = decodeBlock(text);
    for (const error of decoded.errors) options.onError?.(error);
    if (decoded.ops.length > 0) options.onOps(decoded.ops);
  };
  const line = (text: string) => {
    if (/^---[ \t]*$/.test(text)) return flush();
    chars += text.length + 1;
    if (chars > CANVAS_LIMITS.maxBlockChars) overflow = true;
    else block.push(text);
  };
  // The tree's one bounded line framer (shared/line-framer.ts): a line longer than a whole block
  // can never be useful, so it is skipped as it streams (never buffered) and spoils its block.
  const tooLong = () => {
    overflow = true;
  };
  const framer = createLineFramer({ line, tooLong }, { maxLineBytes: CANVAS_LIMITS.maxBlockChars, keepEmpty: true });
  return {
    push(chunk) {
      framer.push(chunk);
    },
    end() {
      framer.end();
      flush();
    },
  };
}
