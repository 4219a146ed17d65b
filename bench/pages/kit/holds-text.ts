/**
 * True when `text` is in the DOM under `root`, shadow roots included. The walk goes in document
 * order (a node, its shadow root, then its children) and stops at the first match: the check runs
 * once a frame inside the measured windows, and a walk from the end charged a whole 200-row
 * list's DOM (about 12 ms, both renderers alike) to every update of the text at its top.
 */
export function holds(root: Node, text: string): boolean {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').includes(text)) return true;
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]!);
    if (node instanceof Element && node.shadowRoot) stack.push(node.shadowRoot);
  }
  return false;
}
