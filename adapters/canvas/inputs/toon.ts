import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import { OpBlock, createCanvasLineFramer } from './op-block.ts';

/** An incremental reader of a TOON op stream (`---` between ops, as the seed writes it). */
export interface ToonReader {
  push(chunk: string): void;
  /** The stream ended: the last block is decoded (strict: a truncated one is refused, not guessed). */
  end(): void;
}

/**
 * Reads a stream of TOON ops: a block is decoded (with `@toon-format/toon`, strict) when the `---`
 * after it or the end of the stream arrives, never before — strict row counts turn a cut block
 * into an error instead of a half op. Memory is bounded by maxBlockChars (`OpBlock`).
 */
export function createToonReader(options: {
  onOps(ops: CanvasOp[]): void;
  onError?(message: string): void;
}): ToonReader {
  const block = new OpBlock('TOON');
  const line = (text: string) => {
    if (/^---[ \t]*$/.test(text)) return block.finish(options);
    block.add(block.empty ? text : `\n${text}`);
  };
  // A line too long for any block spoils the block it is in.
  const framer = createCanvasLineFramer({ line, tooLong: () => block.spoil() });
  return {
    push: (chunk) => framer.push(chunk),
    end() {
      framer.end();
      block.finish(options);
    },
  };
}
