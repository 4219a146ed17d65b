import { css } from 'lit';

const LAYOUT = css`
  .generators { display: grid !important; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 24px; align-items: start; }
  :host([data-layout='split']) .generators > * { min-width: 0; outline: 1px dashed var(--pg-owner-outline, #8884); outline-offset: 8px; border-radius: 4px; }
  .generators > [data-generator='left'] { order: 0; }
  .generators > [data-generator='right'] { order: 1; }
`;

/**
 * Lays the merged tree's generators out side by side, one column per generator, to show
 * ownership. The renderer's view stacks generators in mount order, and re-running one re-mounts
 * it last; the playground, as the host page, adds one stylesheet to the `<suip-tree>` shadow root
 * and tags each generator's element with its id (from the element's `path`) so every slot keeps
 * its column. Nothing of the library changes. `data-layout="split"` on `<suip-tree>` outlines each
 * generator's area (the split mode); with one program nothing is drawn around it.
 */
export function sideBySide(stage: HTMLElement): void {
  const tag = (container: Element): void => {
    for (const child of container.children) {
      const id = (child as Element & { path?: readonly string[] }).path?.[0];
      if (typeof id === 'string' && child.getAttribute('data-generator') !== id)
        child.setAttribute('data-generator', id);
    }
  };
  const apply = (): boolean => {
    const root = stage.querySelector('suip-tree')?.shadowRoot;
    const container = root?.querySelector('.generators');
    if (!root || !container) return false;
    const sheet = LAYOUT.styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    tag(container);
    new MutationObserver(() => tag(container)).observe(container, { childList: true });
    return true;
  };
  if (apply()) return;
  const timer = setInterval(() => {
    if (apply()) clearInterval(timer);
  }, 50);
}
