import type { UrlPolicy } from '../view/view-context.ts';

/** Renders markdown to an HTML string of markdown-it's own tags (`renderMarkdown` of the pipeline). */
export type MarkdownRender = (source: string, policy: UrlPolicy) => string;

let loaded: MarkdownRender | undefined;
let loading: Promise<MarkdownRender> | undefined;

/**
 * The markdown pipeline, loaded on first use. markdown-it and its dependencies are about a third
 * of the renderer's bundle (issue 31), and most texts never need them: plain paragraphs and
 * headings (`plainParagraph`, `plainHeading`) are shown without a parse. Returns the pipeline
 * once it is loaded; until then `undefined`, and `onLoaded` runs when it is (a failed load leaves
 * the caller showing the source as plain text, which is always safe).
 */
export function markdownPipeline(onLoaded: () => void): MarkdownRender | undefined {
  if (loaded !== undefined) return loaded;
  loading ??= import('./markdown-pipeline.ts').then((module) => (loaded = module.renderMarkdown));
  loading.then(onLoaded, () => undefined);
  return undefined;
}

/** Resolves once the markdown pipeline is loaded (tests; a host may call it to preload). */
export function loadMarkdownPipeline(): Promise<MarkdownRender> {
  markdownPipeline(() => undefined);
  return loading!;
}

/** No character markdown-it gives meaning to on a single line, and no control characters. */
const NO_MARKUP = /^[^\\`*_[\]()#+\-!|<>&~=\u0000-\u001f\u007f]*$/;

/**
 * The text of the one plain paragraph markdown-it would render `source` as, or undefined when it
 * would render anything else (proved by a property test against markdown-it itself). Most UI
 * strings and streamed tokens are like this — a streamed paragraph typically starts with the
 * space before its first word — and the view then binds the text and skips the parse, which
 * costs O(length) per update.
 */
export function plainParagraph(source: string): string | undefined {
  if (!NO_MARKUP.test(source)) return undefined;
  // Up to three leading spaces and any trailing ones are not part of a paragraph; four would
  // start an indented code block, and then the text below still starts with a space.
  const text = source.replace(/^ {1,3}/, '').replace(/ +$/, '');
  if (text.length === 0 || text !== text.trim() || /^\d+[.)]/.test(text)) return undefined;
  return text;
}

/**
 * The level and text of the one plain ATX heading (`## Title`) markdown-it would render `source`
 * as, or undefined when it would render anything else (proved like `plainParagraph`). A streamed
 * heading then keeps its element while its text grows, instead of a new parse and new DOM per
 * delta, which re-created the heading under the reader's eyes.
 */
export function plainHeading(source: string): { level: number; text: string } | undefined {
  const match = /^ {0,3}(#{1,6}) +(.*)$/.exec(source);
  if (match === null) return undefined;
  const text = match[2]!.replace(/ +$/, '');
  if (text.length === 0 || !NO_MARKUP.test(text) || text !== text.trim()) return undefined;
  return { level: match[1]!.length, text };
}
