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

/**
 * Splits a model answer that is still streaming into prose and the code of its first ``` block.
 * Monotonic: each part of a longer prefix of the same answer extends the part of a shorter one
 * (text that could still turn into a fence is held back until it cannot), so an AG-UI stream of
 * it is append-only: prose as `TEXT_MESSAGE_CONTENT`, code as `TOOL_CALL_ARGS`.
 */
export function splitAnswer(answer: string): AnswerSplit {
  const open = answer.indexOf('```');
  if (open === -1) {
    const held = /`{1,2}$/.exec(answer);
    return { prose: held === null ? answer : answer.slice(0, held.index), closed: false, after: '' };
  }
  const lineEnd = answer.indexOf('\n', open);
  if (lineEnd === -1) return { prose: answer.slice(0, open), code: '', closed: false, after: '' };
  const body = answer.slice(lineEnd + 1);
  const close = body.search(/(^|\n)```/);
  if (close === -1) {
    // Hold back a last line that may be the start of the closing fence.
    const lastLine = body.lastIndexOf('\n');
    const tail = body.slice(lastLine + 1);
    const held = /^`{1,2}$/.test(tail) || tail === '' ? body.slice(0, Math.max(0, lastLine)) : body;
    return { prose: answer.slice(0, open), code: held, closed: false, after: '' };
  }
  const code = body.slice(0, close);
  const rest = body.slice(close).replace(/^\n?```[^\n]*\n?/, '');
  return { prose: answer.slice(0, open), code, closed: true, after: rest };
}
