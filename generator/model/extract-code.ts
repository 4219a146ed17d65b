/**
 * Models wrap programs in Markdown fences and chat around them. These helpers take the program
 * out of an answer, both when it is complete and while it is still streaming in.
 */

const FENCE = /```[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)(?:\n[ \t]*```|$)/g;
const CODE_LANGS = new Set(['', 'js', 'javascript', 'mjs', 'ts', 'typescript', 'jsx']);

/**
 * The program in a complete answer: the longest fenced block in a JavaScript-like language (a
 * model sometimes adds a short usage snippet beside the program), or the whole answer trimmed
 * when it has no fence.
 */
export function extractCode(answer: string): string {
  let best: string | undefined;
  for (const match of answer.matchAll(FENCE)) {
    const lang = (match[1] ?? '').toLowerCase();
    const body = match[2] ?? '';
    if (!CODE_LANGS.has(lang)) continue;
    if (best === undefined || body.length > best.length) best = body;
  }
  return (best ?? answer).trim() + '\n';
}

/**
 * What to show in the editor while an answer streams: from the first fence's body on, once a
 * fence has opened (the prose before it is not code), else the raw text so far.
 */
export function streamingCode(partial: string): string {
  const open = partial.indexOf('```');
  if (open === -1) return partial;
  const bodyStart = partial.indexOf('\n', open);
  if (bodyStart === -1) return '';
  const body = partial.slice(bodyStart + 1);
  const close = body.indexOf('\n```');
  return close === -1 ? body : body.slice(0, close + 1);
}
