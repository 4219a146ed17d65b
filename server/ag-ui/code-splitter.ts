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

const BACKTICKS = /^`{0,2}$/;

/**
 * Splits a model answer that is still streaming into prose and the code of its first ``` block.
 * Monotonic: text that could still turn into a fence is held back until it cannot (at most a
 * newline and two backticks), so an AG-UI stream of it is append-only: prose as
 * `TEXT_MESSAGE_CONTENT`, code as `TOOL_CALL_ARGS`.
 *
 * Incremental: a push scans only its delta plus the held-back characters, and keeps no copy of the
 * answer. Rescanning the whole answer on every delta (as this did) made a long answer streamed in
 * small deltas quadratic in time.
 */
export function createAnswerSplitter(): AnswerSplitter {
  let phase: 'prose' | 'fence-line' | 'code' | 'close-line' | 'after' = 'prose';
  let held = '';
  let length = 0;
  let codeEmitted = 0;
  const prose: string[] = [];
  const code: string[] = [];
  const after: string[] = [];
  const push = (delta: string): SplitStep => {
    length += delta.length;
    const step: SplitStep = { prose: '', code: '', opened: false };
    let text = held + delta;
    held = '';
    if (phase === 'prose') {
      const open = text.indexOf('```');
      if (open === -1) {
        const keep = text.endsWith('``') ? 2 : text.endsWith('`') ? 1 : 0;
        step.prose = text.slice(0, text.length - keep);
        held = text.slice(text.length - keep);
        text = '';
      } else {
        step.prose = text.slice(0, open);
        step.opened = true;
        phase = 'fence-line';
        text = text.slice(open + 3);
      }
    }
    if (phase === 'fence-line') {
      const lineEnd = text.indexOf('\n');
      text = lineEnd === -1 ? '' : text.slice(lineEnd + 1);
      if (lineEnd !== -1) phase = 'code';
    }
    if (phase === 'code' && text !== '') {
      const close = codeEmitted === 0 && text.startsWith('```') ? 0 : text.indexOf('\n```');
      if (close !== -1) {
        step.code = text.slice(0, close);
        phase = 'close-line';
        text = text.slice(close + (text[close] === '\n' ? 4 : 3));
      } else {
        const newline = text.lastIndexOf('\n');
        // Hold back a last line that may be the start of the closing fence (with its newline).
        if (newline !== -1 && BACKTICKS.test(text.slice(newline + 1))) {
          step.code = text.slice(0, newline);
          held = text.slice(newline);
        } else if (newline === -1 && codeEmitted === 0 && BACKTICKS.test(text)) held = text;
        else step.code = text;
        text = '';
      }
      codeEmitted += step.code.length;
    }
    if (phase === 'close-line') {
      const lineEnd = text.indexOf('\n');
      text = lineEnd === -1 ? '' : text.slice(lineEnd + 1);
      if (lineEnd !== -1) phase = 'after';
    }
    if (phase === 'after' && text !== '') after.push(text);
    if (step.prose !== '') prose.push(step.prose);
    if (step.code !== '') code.push(step.code);
    return step;
  };
  return {
    push,
    split: () => ({
      prose: prose.join(''),
      ...(phase === 'prose' ? {} : { code: code.join('') }),
      closed: phase === 'close-line' || phase === 'after',
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
