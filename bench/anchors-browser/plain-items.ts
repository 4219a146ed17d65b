/** One item of the anchors' plain DOM, with the text node a token appends to. */
export interface PlainItem {
  item: HTMLElement;
  text: Text;
}

/**
 * The anchors' plain list items: `create(id, value)` builds `<div><p>value</p></div>` and records it
 * under `id` in `nodes`. One shape for the vanilla, floor and remote-dom anchors, so their DOM is
 * the same and only the way edits reach it differs.
 */
export function plainItems(): { nodes: Map<string, PlainItem>; create(id: string, value: string): HTMLElement } {
  const nodes = new Map<string, PlainItem>();
  return {
    nodes,
    create(id, value) {
      const item = document.createElement('div');
      const p = document.createElement('p');
      const text = document.createTextNode(value);
      p.append(text);
      item.append(p);
      nodes.set(id, { item, text });
      return item;
    },
  };
}
