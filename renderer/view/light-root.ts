/**
 * A render root in the element's own light DOM: text leaves and plain groups, the bulk of any
 * tree, make no shadow root. Their content sits in the scope of the shadow root that holds them
 * (the tree's, or a styled vocabulary element's), as a `<div><p>` sits in a plain page. In
 * Chromium every shadow root is a style scope the next style update walks, and one per leaf
 * dominated a new list item's first render (docs/benchmarks.md, "The view at the DOM's cost"): a
 * 1,000-item stream made ~1,000 of them. The host is laid out by `hostStyle` (constants of ours,
 * set through the CSSOM, which a host page's CSP allows); a leaf whose content needs rules adopts
 * its scoped sheet into the scope it sits in (`adoptScopedSheet`).
 */
export function lightRoot(element: HTMLElement, hostStyle: Readonly<Record<string, string>>): HTMLElement {
  for (const [property, value] of Object.entries(hostStyle)) element.style.setProperty(property, value);
  return element;
}

/** A text leaf's host (`INLINE_STYLES['suip-text']`, below). */
const TEXT = { display: 'block', 'min-width': '0', 'overflow-wrap': 'anywhere', contain: 'layout style' } as const;
/** A plain group's host: a flex column, as `.stack`. */
const GROUP = { display: 'flex', 'flex-direction': 'column', gap: 'var(--_space)', 'min-width': '0' } as const;

/**
 * Every inline style the renderer writes, by tag: constants of ours (never a value from a
 * sandbox), so an audit can allow exactly these and flag any other `style` attribute.
 */
export const INLINE_STYLES = {
  /**
   * A text leaf's host: the block its `:host` rule would make it, with layout and style
   * containment. A streamed token grows one paragraph; contained, Blink invalidates and repaints
   * that leaf alone rather than the lists around it (Paint per token 0.185 → 0.094 ms on one
   * growing paragraph, as the vanilla DOM's 0.092: `bench/browser/trace-token-stream.mjs
   * --ablate=text-uncontained`, docs/benchmarks.md). No paint containment: nothing a text shows (a
   * link's focus ring, a wide table) is clipped; and no leaf holds positioned content, floats or a
   * baseline a parent aligns to, which layout containment would scope.
   */
  'suip-text': TEXT,
  /**
   * A text leaf's host while it shows one plain paragraph straight in a group (a plain group's
   * light DOM, or a styled group's shadow root): no box of
   * its own, so the paragraph is the item's one box as in a plain page (one layout box fewer per
   * item, docs/benchmarks.md "Item 1: the text leaf's box"). `overflow-wrap` still reaches the
   * paragraph by inheritance; `min-width` is the paragraph's own (`p`). Only `display` differs from
   * the block host's constant (`SuipText.setBoxless` switches that one property; `contain` does
   * nothing on a box-less element).
   */
  'suip-text:paragraph': { ...TEXT, display: 'contents' },
  /** A plain group's host: a flex column, as `.stack`. */
  'suip-group': GROUP,
  /**
   * A plain group's host while it holds one text straight in a plain group's light DOM: no box
   * of its own, so the text's box is the parent column's item (one layout box fewer per list item,
   * docs/benchmarks.md "Item 1: the native stages with structural edits"). Only `display` differs
   * from the flex column's constant (`SuipGroup.syncBox` switches that one property).
   */
  'suip-group:one-text': { ...GROUP, display: 'contents' },
  /**
   * A text leaf's one plain paragraph: no margin, as the markdown path's single paragraph;
   * `min-width: 0` (a flex or grid item may shrink below its longest word), which the host's box
   * carried before the host stopped making one; and the host's containment, which does nothing on
   * a box-less host: without it a streamed token's repaint reached the lists around the paragraph
   * again (Paint 0.16–0.17 → 0.11 ms per token on one growing paragraph, docs/benchmarks.md).
   */
  p: { margin: '0', 'min-width': '0', contain: 'layout style' },
  /**
   * A chunk of a list of more than 2,000 children (list-chunks.ts): laid out as the list it sits in
   * (display, direction, wrap, gap and alignment inherited: a flex column keeps its gap inside a
   * chunk and between chunks), its layout, style and paint contained. The paint containment is what
   * lets Chromium cull an off-screen chunk whole when a move near the top shifts every later one:
   * without it, cull-rect updates and hit testing walked all 50,000 items (thread time per edit 55 ms
   * with layout containment alone, 15 with this, `bench/browser/list-shift-stages.mjs`). Not
   * `content-visibility: auto` (4 ms): it kept the items of an off-screen chunk out of the
   * accessibility tree (500 of 2,100 list items in CDP's full tree, `e2e/long-list-ax-tree.spec.ts`).
   * Paint containment clips to the chunk's box; the clip margin keeps an item's focus ring or shadow
   * at the chunk's edge visible.
   */
  'suip-chunk': {
    display: 'inherit',
    'flex-direction': 'inherit',
    'flex-wrap': 'inherit',
    gap: 'inherit',
    'align-items': 'inherit',
    'justify-content': 'inherit',
    'min-width': '0',
    contain: 'layout style paint',
    'overflow-clip-margin': '16px',
  },
} as const satisfies Record<string, Readonly<Record<string, string>>>;

/**
 * Give the style scope `element` sits in (a shadow root, or the document) `sheet`, once: a
 * light-DOM leaf's rules live there, every selector scoped under the leaf's tag.
 */
export function adoptScopedSheet(element: Element, sheet: CSSStyleSheet): void {
  const scope = element.getRootNode() as Partial<DocumentOrShadowRoot>;
  const sheets = scope.adoptedStyleSheets;
  if (sheets === undefined || sheets.includes(sheet)) return;
  scope.adoptedStyleSheets = [...sheets, sheet];
}
