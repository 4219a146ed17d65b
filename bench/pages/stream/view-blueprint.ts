/**
 * The styled floor's picture of suip's view (issue 43 item 1b): exactly the DOM and style sheets
 * suip's view ends with for a list of text items, read from suip's own page and rebuilt elsewhere by
 * direct DOM calls. `captureView` (in a page that loads suip) serializes it; `viewBuilder` (in a
 * page that never loads suip, so no custom element of suip's is defined and nothing upgrades) turns
 * it back into elements, shadow roots and shared constructable sheets.
 */

/** A node of the captured DOM: element (with its shadow root), text or comment. */
export type NodePrint =
  | { t: 'e'; tag: string; attrs: Array<[string, string]>; shadow?: ShadowPrint; children: NodePrint[] }
  | { t: 'x'; data: string }
  | { t: 'c'; data: string };

/** An element's shadow root: its adopted sheets (indices into `ViewPrint.sheets`) and its nodes. */
export interface ShadowPrint {
  sheets: number[];
  children: NodePrint[];
}

/** A step down the composed tree: a child index, or 's' into the element's shadow root. */
export type Step = number | 's';

/** What `captureView` returns. */
export interface ViewPrint {
  /** Every distinct sheet's text, by index (a sheet shared by many roots is one entry). */
  sheets: string[];
  /** Sheets adopted by the document. */
  documentSheets: number[];
  /** The view without its items, from the container down. */
  shell: NodePrint[];
  /** Where items go: steps from the container to the node that holds them. */
  listPath: Step[];
  /** How many of the list's nodes in the shell come before the items (the rest come after). */
  listLead: number;
  /** One item: its nodes from its start marker to the next item's (Lit's markers included). */
  item: NodePrint[];
  /** Steps from the item's fragment to the text node a token appends to. */
  textPath: Step[];
}

/** Mark texts the capture looks for. */
export const MARK_A = 'floormarka';
export const MARK_B = 'floormarkb';

/** The composed parent: a shadow root's host, else the parent node. */
const up = (node: Node): Node | null => (node instanceof ShadowRoot ? node.host : node.parentNode);

function findText(root: Node, mark: string): Text | undefined {
  const scope: Node = (root as Element).shadowRoot ?? root;
  const roots = (root as Element).shadowRoot ? [root.childNodes, scope.childNodes] : [root.childNodes];
  for (const list of roots) {
    for (const child of list) {
      if (child.nodeType === Node.TEXT_NODE && (child as Text).data.includes(mark)) return child as Text;
      const found = findText(child, mark);
      if (found) return found;
    }
  }
  return undefined;
}

/** Steps from `from` down to `to` (composed tree). */
function stepsTo(from: Node, to: Node): Step[] {
  const steps: Step[] = [];
  for (let node: Node = to; node !== from;) {
    const parent = up(node)!;
    if (node instanceof ShadowRoot) steps.unshift('s');
    else steps.unshift([...parent.childNodes].indexOf(node as ChildNode));
    node = parent;
  }
  return steps;
}

/**
 * Serialize the DOM of `container` (a suip renderer's, showing a list whose first two items hold
 * `MARK_A` and `MARK_B`): the shell without the items, the first item's nodes, and the paths.
 * Sandbox frames (the `data-suip-frames` holder) are left out: the floor has its own.
 */
export function captureView(container: Element): ViewPrint {
  const a = findText(container, MARK_A);
  const b = findText(container, MARK_B);
  if (!a || !b) throw new Error('captureView: the marked items are not on screen');
  const chain = (node: Node): Node[] => {
    const out: Node[] = [];
    for (let n: Node | null = node; n !== null && n !== container; n = up(n)) out.unshift(n);
    return out;
  };
  const ca = chain(a);
  const cb = chain(b);
  let depth = 0;
  while (ca[depth] === cb[depth]) depth++;
  const list: Node = depth === 0 ? container : ca[depth - 1]!;
  const itemA = ca[depth] as ChildNode;
  const itemB = cb[depth] as ChildNode;
  // An item's fragment: the item and Lit's start marker before it (a comment), up to the next
  // item's fragment; the shell keeps the list's nodes before the first fragment and after the last
  // item's end marker.
  const siblings = [...list.childNodes];
  const fragmentStart = (item: ChildNode): number => {
    const k = siblings.indexOf(item);
    return k > 0 && siblings[k - 1]!.nodeType === Node.COMMENT_NODE ? k - 1 : k;
  };
  const startA = fragmentStart(itemA);
  const startB = fragmentStart(itemB);
  const lastElement = siblings.map((n) => n.nodeType === Node.ELEMENT_NODE).lastIndexOf(true);
  const endAfter = lastElement + (siblings[lastElement + 1]?.nodeType === Node.COMMENT_NODE ? 2 : 1);
  const skip = new Set<Node>(siblings.slice(startA, endAfter));
  const sheets: CSSStyleSheet[] = [];
  const sheetIndex = (sheet: CSSStyleSheet): number => {
    let k = sheets.indexOf(sheet);
    if (k < 0) k = sheets.push(sheet) - 1;
    return k;
  };
  const print = (node: Node, dropItems: boolean): NodePrint | undefined => {
    if (node.nodeType === Node.TEXT_NODE) return { t: 'x', data: (node as Text).data };
    if (node.nodeType === Node.COMMENT_NODE) return { t: 'c', data: (node as Comment).data };
    if (node.nodeType !== Node.ELEMENT_NODE) return undefined;
    const element = node as Element;
    if (element.hasAttribute('data-suip-frames')) return undefined;
    const children = (parent: Node): NodePrint[] =>
      [...parent.childNodes]
        .filter((c) => !(dropItems && parent === list && skip.has(c)))
        .map((c) => print(c, dropItems))
        .filter((p): p is NodePrint => p !== undefined);
    const root = element.shadowRoot;
    const shadow = root ? { sheets: root.adoptedStyleSheets.map(sheetIndex), children: children(root) } : undefined;
    const attrs = [...element.attributes].map((at): [string, string] => [at.name, at.value]);
    return { t: 'e', tag: element.localName, attrs, ...(shadow ? { shadow } : {}), children: children(element) };
  };
  const shell = [...container.childNodes].map((n) => print(n, true)).filter((p): p is NodePrint => p !== undefined);
  const itemNodes = siblings.slice(startA, startB);
  const item = itemNodes.map((n) => print(n, false)).filter((p): p is NodePrint => p !== undefined);
  const textSteps = stepsTo(itemA, a);
  const documentSheets = document.adoptedStyleSheets.map(sheetIndex);
  const text = (sheet: CSSStyleSheet): string => [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
  return {
    sheets: sheets.map(text),
    documentSheets,
    shell,
    listPath: stepsTo(container, list),
    listLead: startA,
    item,
    textPath: [itemNodes.indexOf(itemA), ...textSteps],
  };
}

/** Builds suip's view from a print with direct DOM calls (in a page where suip's elements are not defined). */
export function viewBuilder(
  print: ViewPrint,
  markText: string,
): {
  /** Build the shell into `container`; returns the node items go in and the node after the last item. */
  shell(container: Element): { list: Node; end: Node | null };
  /** One item showing `text`: its nodes (to insert before the next item's first) and its text node. */
  item(text: string): { nodes: Node[]; text: Text };
} {
  const sheets = print.sheets.map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  const adopted = document.adoptedStyleSheets;
  const documentSheets = print.documentSheets.map((k) => sheets[k]!).filter((sheet) => !adopted.includes(sheet));
  if (documentSheets.length > 0) document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...documentSheets];
  const build = (p: NodePrint): Node => {
    if (p.t === 'x') return document.createTextNode(p.data);
    if (p.t === 'c') return document.createComment(p.data);
    const element = document.createElement(p.tag);
    for (const [name, value] of p.attrs) element.setAttribute(name, value);
    if (p.shadow) {
      const root = element.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = p.shadow.sheets.map((k) => sheets[k]!);
      for (const child of p.shadow.children) root.append(build(child));
    }
    for (const child of p.children) element.append(build(child));
    return element;
  };
  const walk = (from: Node, steps: readonly Step[]): Node =>
    steps.reduce<Node>((node, step) => (step === 's' ? (node as Element).shadowRoot! : node.childNodes[step]!), from);
  return {
    shell(container) {
      for (const p of print.shell) container.append(build(p));
      const list = walk(container, print.listPath);
      return { list, end: list.childNodes[print.listLead] ?? null };
    },
    item(value) {
      const nodes = print.item.map(build);
      const [first, ...rest] = print.textPath;
      const text = walk(nodes[first as number]!, rest) as Text;
      text.data = text.data.replace(markText, value);
      return { nodes, text };
    },
  };
}
