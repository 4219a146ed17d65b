import type { RefusalReason } from '../../shared/refusal-notice.ts';

/**
 * What a program hears about a text the host will show other than the program likely meant: a
 * plain string with markdown marks or HTML tags (shown exactly as written), a markdown text with
 * HTML tags (the host draws no HTML: markdown-it escapes them), a `text/html` text (shown as plain
 * text, tags and all). Each is a `Refused` warning through `refusalNotice`, the one path of every
 * refusal (issue 47); the check reads at most the first 4,096 characters, so a streamed text costs
 * the same per token however long it grows.
 */
export interface TextNotice {
  reason: RefusalReason;
  detail: string;
  fix: string;
}

/** Told of each text the host will show differently than written, with the path of its particle. */
export type TextNoticeHook = (path: readonly string[], notice: TextNotice) => void;

const SCANNED = 4096;

/** Markdown a model writes in a plain string: bold, a link, a heading, inline code, a bullet list. */
const MARKDOWN_LOOK = /\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\s]+\)|^#{1,6} \S|`[^`\n]+`|^[-*] \S[^\n]*\n[-*] \S/m;

/** An HTML tag (`<b>`, `</div>`, `<br/>`, `<span style="…">`); not `a < b`, `<3`, nor an autolink `<https://…>`. */
const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

/** Markdown code (fenced blocks, inline spans), where a tag is meant to be shown as written. */
const MARKDOWN_CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** Whether a plain string looks like markdown (it is shown exactly as written, asterisks and all). */
function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_LOOK.test(text.length > SCANNED ? text.slice(0, SCANNED) : text);
}

/** The first HTML tag in `text` outside markdown code, or undefined. */
export function htmlTagIn(text: string): string | undefined {
  const head = text.length > SCANNED ? text.slice(0, SCANNED) : text;
  const tag = HTML_TAG.exec(head.replace(MARKDOWN_CODE, ''))?.[0];
  return tag === undefined ? undefined : tag.length > 40 ? `${tag.slice(0, 40)}…` : tag;
}

const quote = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

const MARKDOWN_INSTEAD = 'write markdown in text(…) instead (**bold**, [a link](https://…), "- " for a list item)';

/** The notice for a text particle of a program's tree, or undefined when it is shown as the program wrote it. */
export function textNotice(particle: { text: string; mimeType?: unknown }): TextNotice | undefined {
  const mime = typeof particle.mimeType === 'string' ? particle.mimeType.split(';')[0]!.trim().toLowerCase() : '';
  if (mime === 'text/plain') {
    const tag = htmlTagIn(particle.text);
    if (tag !== undefined)
      return {
        reason: 'html',
        detail: `the plain string ${quote(particle.text)} is shown exactly as written, the HTML tag ${JSON.stringify(tag)} and all: the host draws no HTML`,
        fix: `to format it, ${MARKDOWN_INSTEAD}`,
      };
    if (looksLikeMarkdown(particle.text))
      return {
        reason: 'markdown',
        detail: `the plain string ${quote(particle.text)} is shown exactly as written, markdown marks and all`,
        fix: `to format it, write text(${quote(particle.text)}) (markdown)`,
      };
    return undefined;
  }
  if (mime === 'text/html' || mime === 'application/xhtml+xml')
    return {
      reason: 'html',
      detail: `the ${mime} text is shown as plain text, tags and all: the host draws no HTML`,
      fix: MARKDOWN_INSTEAD,
    };
  if (mime === '' || mime === 'text/markdown') {
    const tag = htmlTagIn(particle.text);
    if (tag !== undefined)
      return {
        reason: 'html',
        detail: `the HTML tag ${JSON.stringify(tag)} in the markdown text is shown as written: the host draws no HTML`,
        fix: MARKDOWN_INSTEAD,
      };
  }
  return undefined;
}
