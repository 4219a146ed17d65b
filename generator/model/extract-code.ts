/**
 * Models wrap programs in Markdown fences and chat around them. These helpers take the program
 * out of an answer, both when it is complete and while it is still streaming in, through the
 * tree's one fence scanner (`shared/code-fence.ts`), opening anywhere in prose ("Sure! ```js").
 */
import { createFenceScanner, FENCE, scanFences } from '../../shared/code-fence.ts';

/** The languages a program fence may be tagged with (untagged counts). */
const CODE_LANGS = new Set(['', 'js', 'javascript', 'mjs', 'ts', 'typescript', 'jsx']);

/**
 * The program's fenced block in an answer: the longest block in a JavaScript-like language (a
 * model sometimes adds a short usage snippet beside the program), or undefined when there is none.
 */
export function findProgram(answer: string): string | undefined {
  let best: string | undefined;
  for (const block of scanFences(answer, { opens: 'anywhere' }).blocks) {
    if (!CODE_LANGS.has(block.lang)) continue;
    if (best === undefined || block.code.length > best.length) best = block.code;
  }
  return best;
}

/**
 * The program in a complete answer: `findProgram`'s block, or the whole answer trimmed when it
 * has no fence.
 */
export function extractCode(answer: string): string {
  return (findProgram(answer) ?? answer).trim() + '\n';
}

/**
 * What to show in the editor while an answer streams: from the first fence's body on, once a
 * fence has opened (the prose before it is not code), else the raw text so far.
 */
export function streamingCode(partial: string): string {
  // In `anywhere` mode the first fence opens at the first marker: before it, all is code so far.
  if (!partial.includes(FENCE)) return partial;
  const first = scanFences(partial, { opens: 'anywhere', blocks: 'first' }).blocks[0];
  if (first === undefined) return '';
  return first.closed && first.code !== '' ? first.code + '\n' : first.code;
}

/** `streamingCode` of an answer fed delta by delta. */
export interface StreamingCode {
  /** Takes the answer's next delta; answers what `streamingCode` answers for the answer so far. */
  push(delta: string): string;
}

/**
 * `streamingCode` of a growing answer, reading only each delta: calling `streamingCode` on the
 * whole answer at every delta rescanned it each time, quadratic in its length (a 100,000-character
 * answer in 4-character deltas cost ~23 s of one thread).
 */
export function createStreamingCode(): StreamingCode {
  const scanner = createFenceScanner({ opens: 'anywhere', blocks: 'first' });
  // Until a fence opens, the whole answer is code so far; after, the first block's body.
  let before = '';
  let opened = false;
  let body = false;
  let closed = false;
  let code = '';
  return {
    push(delta) {
      for (const event of scanner.push(delta)) {
        if (event.kind === 'open') opened = true;
        else if (event.kind === 'body') body = true;
        else if (event.kind === 'code') code += event.text;
        else if (event.kind === 'close') closed = true;
      }
      if (!opened) return (before += delta);
      before = '';
      if (!body) return '';
      if (closed) return code === '' ? code : code + '\n';
      // What `streamingCode` flushes at the end of the answer so far: a cut closing fence stays code.
      return code + scanner.heldCode();
    },
  };
}
