/**
 * Text as the user sees it, through shadow roots: the Lit view renders into shadow DOM, the
 * anchors into light DOM, and the correctness checks must read both the same way.
 */

/** The last non-blank text node's data under `node`, looking inside shadow roots. */
export function lastTextDeep(node: Node): string {
  const scope: Node = (node as Element).shadowRoot ?? node;
  for (let child = scope.lastChild; child !== null; child = child.previousSibling) {
    if (child.nodeType === Node.TEXT_NODE) {
      const data = (child as Text).data;
      if (data.trim() !== '') return data;
    } else if (child.nodeType === Node.ELEMENT_NODE && (child as Element).localName !== 'style') {
      const found = lastTextDeep(child);
      if (found !== '') return found;
    }
  }
  return '';
}

/** All visible text under `node` in document order, through shadow roots, whitespace collapsed. */
export function textDeep(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node): void => {
    const scope: Node = (n as Element).shadowRoot ?? n;
    for (let child = scope.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) parts.push((child as Text).data);
      else if (child.nodeType === Node.ELEMENT_NODE && !['style', 'script', 'template'].includes((child as Element).localName)) {
        parts.push(' ');
        walk(child);
        parts.push(' ');
      }
    }
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Every element under `node`, through shadow roots (for counting and finding targets). */
export function elementsDeep(node: Node, out: Element[] = []): Element[] {
  const scope: Node = (node as Element).shadowRoot ?? node;
  for (let child = scope.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    out.push(child as Element);
    elementsDeep(child, out);
  }
  return out;
}
