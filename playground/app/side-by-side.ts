import { css } from 'lit';

const LAYOUT = css`
  .generators { display: grid !important; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 16px; align-items: start; }
  .generators > * { min-width: 0; outline: 1px dashed var(--pg-owner-outline, #8884); outline-offset: 6px; border-radius: 4px; }
`;

/**
 * Lays the merged tree's generators out side by side (one column each) to show ownership. The
 * view lays them out in a column; the playground, as the host page, adds one stylesheet to the
 * `<suip-tree>` shadow root once it exists instead of changing the library's default.
 */
export function sideBySide(stage: HTMLElement): void {
  const apply = (): boolean => {
    const tree = stage.querySelector('suip-tree');
    const root = tree?.shadowRoot;
    if (!root) return false;
    const sheet = LAYOUT.styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return true;
  };
  if (apply()) return;
  const timer = setInterval(() => {
    if (apply()) clearInterval(timer);
  }, 50);
}
