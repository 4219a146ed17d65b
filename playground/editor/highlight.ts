/**
 * A small JavaScript tokenizer for the editor's highlighted overlay. It only colours text: every
 * character of the input comes back exactly once, HTML-escaped, so the overlay lines up with the
 * textarea above it and the code can never inject markup.
 */

/** Token classes the editor's stylesheet colours. */
export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'api' | 'plain';

const KEYWORDS = new Set(
  (
    'await async break case catch class const continue default delete do else export extends ' +
    'false finally for from function if import in instanceof let new null of return static ' +
    'super switch this throw true try typeof undefined var void while yield'
  ).split(' '),
);
const API = new Set(['suip', 'text', 'data', 'group', 'render', 'ops', 'onError']);

const TOKEN =
  /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|('(?:[^'\\\n]|\\.)*'?|"(?:[^"\\\n]|\\.)*"?|`(?:[^`\\]|\\[\s\S])*`?)|(\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?\b)|([A-Za-z_$][\w$]*)/g;

/** Splits code into `[kind, text]` tokens whose texts concatenate back to the input. */
export function tokenize(code: string): Array<[TokenKind, string]> {
  const tokens: Array<[TokenKind, string]> = [];
  let last = 0;
  for (const match of code.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) tokens.push(['plain', code.slice(last, index)]);
    const [whole, comment, string, number, word] = match;
    if (comment !== undefined) tokens.push(['comment', whole]);
    else if (string !== undefined) tokens.push(['string', whole]);
    else if (number !== undefined) tokens.push(['number', whole]);
    else if (word !== undefined) tokens.push([KEYWORDS.has(word) ? 'keyword' : API.has(word) ? 'api' : 'plain', whole]);
    last = index + whole.length;
  }
  if (last < code.length) tokens.push(['plain', code.slice(last)]);
  return tokens;
}

/** Escapes text for element content. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The overlay's HTML: one `<span class="tok-…">` per non-plain token. */
export function highlight(code: string): string {
  let html = '';
  for (const [kind, text] of tokenize(code))
    html += kind === 'plain' ? escapeHtml(text) : `<span class="tok-${kind}">${escapeHtml(text)}</span>`;
  // A trailing newline needs a character after it, or the overlay is one line shorter than the textarea.
  return `${html}\n`;
}
