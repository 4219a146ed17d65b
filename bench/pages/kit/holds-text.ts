/** True when `text` is in the DOM under `root`, shadow roots included. */
export function holds(root: Node, text: string): boolean {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').includes(text)) return true;
    if (node instanceof Element && node.shadowRoot) stack.push(node.shadowRoot);
    for (const child of node.childNodes) stack.push(child);
  }
  return false;
}
