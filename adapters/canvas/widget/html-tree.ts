import { Parser } from 'htmlparser2';

/** A parsed element (attributes lower-cased by the parser; a null-prototype map). */
export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
/** A parsed node: an element or text. */
export type HtmlNode = HtmlElement | string;

/** What `parseHtml` refuses. */
export class HtmlLimitError extends Error {
  override name = 'HtmlLimitError';
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Parse HTML with htmlparser2 (pure JS, no eval, tolerant like a browser) into a small tree, with
 * the element count and depth bounded: breaking one throws an error naming the limit.
 */
export function parseHtml(html: string, limits: { maxNodes: number; maxDepth: number }): HtmlElement {
  const root: HtmlElement = { tag: '#root', attrs: Object.create(null) as Record<string, string>, children: [] };
  const stack: HtmlElement[] = [root];
  let count = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        count += 1;
        if (count > limits.maxNodes)
          throw new HtmlLimitError(
            `the template produced more than ${limits.maxNodes} elements (limit maxTemplateNodes)`,
          );
        if (stack.length > limits.maxDepth)
          throw new HtmlLimitError(`elements nest deeper than ${limits.maxDepth} (limit maxTemplateDepth)`);
        const attrs = Object.create(null) as Record<string, string>;
        for (const [key, value] of Object.entries(attributes)) attrs[key] = value;
        const element: HtmlElement = { tag: name, attrs, children: [] };
        stack.at(-1)!.children.push(element);
        if (!VOID.has(name)) stack.push(element);
      },
      ontext(text) {
        const top = stack.at(-1)!;
        const last = top.children.at(-1);
        if (typeof last === 'string') top.children[top.children.length - 1] = last + text;
        else top.children.push(text);
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        // htmlparser2 closes implied tags itself; pop to the matching element.
        for (let i = stack.length - 1; i > 0; i -= 1) {
          if (stack[i]!.tag === name) {
            stack.length = i;
            return;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return root;
}

/** The text content of a node, whitespace collapsed. */
export function textOf(node: HtmlNode): string {
  const parts: string[] = [];
  const stack: HtmlNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') parts.push(n);
    else if (!DROPPED.has(n.tag)) for (let i = n.children.length - 1; i >= 0; i -= 1) stack.push(n.children[i]!);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Elements never shown: code, styles, frames, plugins, vector graphics, navigating forms. */
export const DROPPED: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
  'frame',
  'frameset',
  'math',
  'head',
  'title',
]);
