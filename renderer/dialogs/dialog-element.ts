/**
 * A new element with `props` set and `children` appended. Dialogs build their DOM with this, never
 * with markup: every text a program sends is set as textContent.
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}
