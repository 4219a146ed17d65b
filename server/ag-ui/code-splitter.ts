import { createFenceScanner } from '../../shared/code-fence.ts';

/** What a model's answer holds so far: the prose before its first fenced block, and the code inside it. */
export interface AnswerSplit {
  /** Prose before the opening fence (trailing backticks that may start a fence are held back). */
  prose: string;
  /** The code so far (the fence line itself excluded); undefined before the fence opens. */
  code?: string;
  /** True once the closing fence arrived. */
  closed: boolean;
  /** Prose after the closing fence. */
  after: string;
}

/** What one `push` added: new prose, new code, and whether the fence has opened (the tool call starts then). */
export interface SplitStep {
  prose: string;
  code: string;
  opened: boolean;
}

/** A splitter fed a streaming answer delta by delta. */
export interface AnswerSplitter {
  /** Takes the next delta; answers only what it adds (append-only, see `createAnswerSplitter`). */
  push(delta: string): SplitStep;
  /** The split of everything pushed so far (joins the parts: call it once, at the end). */
  split(): AnswerSplit;
  /** Characters pushed so far. */
  readonly length: number;
}

/**
 * Splits a model answer that is still streaming into prose and the code of its first ``` block
 * (the tree's one fence scanner, `shared/code-fence.ts`, opening anywhere in prose, first block
 * only). Monotonic: text that could still turn into a fence is held back until it cannot, so an
 * AG-UI stream of it is append-only: prose as `TEXT_MESSAGE_CONTENT`, code as `TOOL_CALL_ARGS`.
 *
 * Incremental: a push scans only its delta plus the held-back characters, and keeps no copy of the
 * answer. Rescanning the whole answer on every delta (as this once did) made a long answer
 * streamed in small deltas quadratic in time.
 */
export function createAnswerSplitter(): AnswerSplitter {
  const scanner = createFenceScanner({ opens: 'anywhere', blocks: 'first' });
  let opened = false;
  let closed = false;
  let length = 0;
  const prose: string[] = [];
  const code: string[] = [];
  const after: string[] = [];
  const push = (delta: string): SplitStep => {
    length += delta.length;
    const step: SplitStep = { prose: '', code: '', opened: false };
    for (const event of scanner.push(delta)) {
      if (event.kind === 'open') opened = step.opened = true;
      else if (event.kind === 'close') closed = true;
      else if (event.kind === 'code') step.code += event.text;
      // Text before the fence is prose; after the closing fence it is what follows the program.
      else if (event.kind === 'text' && closed) after.push(event.text);
      else if (event.kind === 'text') step.prose += event.text;
    }
    if (step.prose !== '') prose.push(step.prose);
    if (step.code !== '') code.push(step.code);
    return step;
  };
  return {
    push,
    split: () => ({
      prose: prose.join(''),
      ...(opened ? { code: code.join('') } : {}),
      closed,
      after: after.join(''),
    }),
    get length() {
      return length;
    },
  };
}

/** The split of a whole answer at once (a splitter fed one delta). */
export function splitAnswer(answer: string): AnswerSplit {
  const splitter = createAnswerSplitter();
  splitter.push(answer);
  return splitter.split();
}
