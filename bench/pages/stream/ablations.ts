import { INLINE_STYLES } from '../../../renderer/view/light-root.ts';

/**
 * Bench-only switches that take one part of suip's page away (or add one) after the stream is
 * set up and before the measured window opens, so the host cost of that part is read as the
 * difference from the unchanged page in the same run (issue 31 item 1, "the frame's native cost").
 * Nothing here is product code: each switch edits the live DOM or adds a style sheet, the way a
 * host page could, and none is meant to be shipped as is.
 */

/** The switches `bench/browser/ablate-token-stream.mjs` knows, by name. */
export const ABLATIONS = {
  /** The sandbox frames' holder `display:none` (does the Worker keep its cadence? the run's correctness check says). */
  'frames-none': (root) => frameHolders(root, 'display:none'),
  /** Holder and iframes 0×0, as remote-dom's anchor places its frame. */
  'frames-zero': (root) => {
    frameHolders(root, 'width:0;height:0');
    for (const iframe of root.querySelectorAll<HTMLIFrameElement>('[data-suip-frames] iframe'))
      iframe.style.setProperty('width', '0');
    for (const iframe of root.querySelectorAll<HTMLIFrameElement>('[data-suip-frames] iframe'))
      iframe.style.setProperty('height', '0');
  },
  /** `contain: strict` on the holder. */
  'frames-contain': (root) => frameHolders(root, 'contain:strict'),
  /** `content-visibility: hidden` on the holder (its contents are not rendered, the frame stays in the tree). */
  'frames-cv': (root) => frameHolders(root, 'content-visibility:hidden'),
  /** The holder far outside the viewport. */
  'frames-offscreen': (root) => frameHolders(root, 'left:-10000px;top:-10000px'),
  /** No opacity on holder and iframes (opacity < 1 makes a stacking context and may make a layer). */
  'frames-opaque': (root) => {
    frameHolders(root, 'opacity:1');
    for (const iframe of root.querySelectorAll<HTMLIFrameElement>('[data-suip-frames] iframe'))
      iframe.style.setProperty('opacity', '1');
  },
  /**
   * The tree, its generators' boxes and the provenance mount without `contain`/`isolation` (a SECURITY rule:
   * measurement only).
   */
  'no-contain': (root) =>
    treeSheet(
      root,
      ':host { contain: none !important; isolation: auto !important; } .generators, .generators > *, .mount > ' +
        ':not(.mark) { contain: none !important; isolation: auto !important; }',
      'suip-tree { contain: none !important; isolation: auto !important; }',
    ),
  /** The tree's box not a scroll container (`overflow: visible`). */
  'no-overflow': (root) => treeSheet(root, '', 'suip-tree { overflow: visible !important; }'),
  /** The provenance mark's edge and label hidden (the mount stays). */
  'no-mark': (root) =>
    treeSheet(root, '.mount { border: 0 !important; padding: 0 !important; } .mark { display: none !important; }', ''),
  /** `contain: content` on every element of the generated tree below the mount (bounds invalidation per item). */
  'items-contain': (root) => deepSheet(root, ':host { contain: content; }'),
  /** `contain: layout style` on every element of the generated tree. */
  'items-contain-ls': (root) => deepSheet(root, ':host { contain: layout style; }'),
  /** `content-visibility: auto` on every element of the generated tree (off-screen items skip rendering). */
  'items-cv': (root) => deepSheet(root, ':host { content-visibility: auto; contain-intrinsic-size: auto 24px; }'),
  /** The browser's default font and line height instead of the theme's (the anchors use the default). */
  'plain-font': (root) =>
    treeSheet(
      root,
      '',
      'suip-tree { --_font: initial !important; font-family: initial !important; line-height: normal !important; }',
    ),
  /** Text leaves' hosts without the layout and style containment the renderer gives them. */
  'text-uncontained': (root) => hostStyle(root, 'suip-text', 'contain', 'none'),
  /** `contain: content` on text leaves' hosts only. */
  'text-contain': (root) => hostStyle(root, 'suip-text', 'contain', 'content'),
  /** `contain: layout style` on text leaves' hosts only (no paint containment: nothing clipped). */
  'text-contain-ls': (root) => hostStyle(root, 'suip-text', 'contain', 'layout style'),
  /** `contain: paint` on text leaves' hosts only. */
  'text-contain-paint': (root) => hostStyle(root, 'suip-text', 'contain', 'paint'),
  /** `contain: layout style` on every element of the generated tree. */
  'items-contain-l': (root) => deepSheet(root, ':host { contain: layout; }'),
  /**
   * Text leaves' hosts `display: contents`: one layout box fewer per item (the paragraph is the box), as the
   * anchors' DOM.
   */
  'text-contents': (root) => hostStyle(root, 'suip-text', 'display', 'contents'),
  /**
   * Text leaves' hosts back to a block box (the layout before "Item 1: the text leaf's box"): the
   * shipped leaf makes no box while it shows one plain paragraph in a plain group; this switch
   * turns that off for the leaves on screen and those rendered later (same code otherwise, so the
   * difference is the box alone).
   */
  'text-block': (root) => {
    const type = customElements.get('suip-text') as unknown as
      { prototype: { setBoxless(boxless: boolean): void } } | undefined;
    if (type === undefined || typeof type.prototype.setBoxless !== 'function')
      throw new Error("text-block: suip-text has no setBoxless (the leaf's box switch moved?)");
    type.prototype.setBoxless = () => undefined;
    hostStyle(root, 'suip-text', 'display', 'block');
  },
  /**
   * Plain groups that hold one text back to a flex column box (the layout before "Item 1: the
   * native stages with structural edits"): the shipped group makes no box then; this switch turns
   * that off for the groups on screen and those rendered later (the difference is the box alone).
   */
  'group-box': (root) => {
    const type = customElements.get('suip-group') as unknown as
      { prototype: { syncBox(particle: unknown): void } } | undefined;
    if (type === undefined || typeof type.prototype.syncBox !== 'function')
      throw new Error("group-box: suip-group has no syncBox (the group's box switch moved?)");
    type.prototype.syncBox = () => undefined;
    hostStyle(root, 'suip-group', 'display', 'flex');
  },
  /**
   * Plain groups created during the stream (the list's new items, each holding one text) box-less from their
   * creation, not from their first render (does the late switch cost a layout-tree rebuild?).
   */
  'group-contents-early': () => {
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
      const shadow = attach.call(this, init);
      if (this.localName === 'suip-group') (this as HTMLElement).style.setProperty('display', 'contents');
      return shadow;
    };
  },
  /** Plain groups' hosts a one-column grid with the same gap (looks the same as the flex column). */
  'group-grid': (root) => {
    hostStyle(root, 'suip-group', 'display', 'grid');
    hostStyle(root, 'suip-group', 'grid-template-columns', 'minmax(0, 1fr)');
  },
  /**
   * Plain groups' hosts `display: block` instead of a flex column (changes the gap between items: attribution only).
   */
  'group-block': (root) => hostStyle(root, 'suip-group', 'display', 'block'),
  /**
   * Plain groups as blocks with the same gap as margins (`* + *` in each group's root): the flex column's look
   * without flex layout.
   */
  'group-block-gap': (root) => {
    hostStyle(root, 'suip-group', 'display', 'block');
    deepSheet(root, '* + * { margin-block-start: var(--_space); }', 'suip-group');
  },
  /**
   * The list's items (plain groups holding one paragraph) `display: contents`: the paragraph is the list's flex
   * item, one box per item.
   */
  'item-contents': (root) => listSheet(root, 'suip-group { display: contents !important; }'),
  /**
   * The list's items as blocks (the list stays a flex column): the item's paragraph in block flow, as the anchors'
   * `<div>` › `<p>`.
   */
  'item-block': (root) => listSheet(root, 'suip-group { display: block !important; }'),
  /** The list's items skip rendering while off screen (`content-visibility: auto`, one sheet on the list's root). */
  'item-cv': (root) => listSheet(root, 'suip-group { content-visibility: auto; contain-intrinsic-size: auto 21px; }'),
  /** The list itself a block (its items' gap dropped: attribution only). */
  'list-block': (root) => listHost(root, 'display', 'block'),
  /** Nothing of the chain above the list positioned (`position: static` on the tree, generators, mount, root group). */
  'no-position': (root) =>
    treeSheet(
      root,
      '.generators, .generators > *, .mount > :not(.mark) { position: static !important; }',
      'suip-tree { position: static !important; }',
    ),
  /** The tree's white background off (a 16,000 px tall box painted in its own layer). */
  'no-background': (root) => treeSheet(root, '', 'suip-tree { background: none !important; }'),
  /**
   * The program's root group without paint containment (`contain: layout` only): one paint layer fewer around the
   * list.
   */
  'root-no-paint': (root) =>
    treeSheet(
      root,
      '.generators > *, .mount > :not(.mark) { contain: layout !important; isolation: auto !important; }',
      '',
    ),
} satisfies Record<string, (root: HTMLElement) => void>;

/** The plain group with the most children: the stream's list. */
function streamList(root: HTMLElement): HTMLElement {
  let best: HTMLElement | undefined;
  let most = -1;
  const visit = (scope: ParentNode): void => {
    for (const element of scope.querySelectorAll<HTMLElement>('*')) {
      // A plain group renders in its light DOM (light-root.ts): its children are its own.
      const children = (element.shadowRoot ?? element).childElementCount;
      if (element.localName === 'suip-group' && children > most) {
        best = element;
        most = children;
      }
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  if (best === undefined) throw new Error("no suip-group under the stage: the stream's list moved?");
  return best;
}

/** Adds `css` to the style scope the stream list's items sit in (one sheet, which they share). */
function listSheet(root: HTMLElement, css: string): void {
  const list = streamList(root);
  adopt(list.shadowRoot ?? (list.getRootNode() as unknown as DocumentOrShadowRoot), css);
}

/** Sets `property` on the stream list's host. */
function listHost(root: HTMLElement, property: string, value: string): void {
  streamList(root).style.setProperty(property, value);
}

/** A switch's name. */
export type Ablation = keyof typeof ABLATIONS;

/**
 * Switches that change how the view builds its elements, so they apply before the view exists
 * (`applyEarlyAblations`, before the stream starts): the starting list is built with them too.
 */
export const EARLY_ABLATIONS = {
  /**
   * Text leaves and plain groups back in a shadow root each, as before issue 43 item 2 (the view
   * renders them in their light DOM, renderer/view/light-root.ts): same constant host styles, the
   * same box-less rules (a leaf straight in a group's shadow root, a group straight in a plain
   * group's), so the difference is the shadow roots alone. Only the plain paragraph path, which
   * needs no sheet, is measured. (Before the change, `light-particles` measured the converse:
   * commit d1ca161.)
   */
  'shadow-particles': async () => {
    await import('../../../renderer/view/suip-tree.ts');
    shadowParticles();
  },
} satisfies Record<string, () => Promise<void>>;

/** A view class's prototype, patched by name (bench only: these members are private to the view). */
type Patchable = { prototype: Record<string, unknown> };

function shadowParticles(): void {
  const text = customElements.get('suip-text') as unknown as Patchable | undefined;
  const group = customElements.get('suip-group') as unknown as Patchable | undefined;
  if (text === undefined || group === undefined) throw new Error('shadow-particles: suip-text/suip-group undefined');
  if (typeof group.prototype.syncBox !== 'function') throw new Error("shadow-particles: the group's syncBox moved");
  text.prototype.createRenderRoot = function (this: HTMLElement): ShadowRoot {
    for (const [property, value] of Object.entries(INLINE_STYLES['suip-text'])) this.style.setProperty(property, value);
    return this.attachShadow({ mode: 'open' });
  };
  group.prototype.createRenderRoot = function (this: HTMLElement & { events: { listen(root: ShadowRoot): void } }) {
    for (const [property, value] of Object.entries(INLINE_STYLES['suip-group']))
      this.style.setProperty(property, value);
    const root = this.attachShadow({ mode: 'open' });
    this.events.listen(root);
    return root;
  };
  group.prototype.syncBox = function (
    this: HTMLElement & { boxless?: boolean },
    particle: { group?: Array<[string, object]> } | undefined,
  ): void {
    const parent = this.parentNode;
    const entries = particle?.group;
    const boxless =
      parent instanceof ShadowRoot &&
      parent.host.localName === 'suip-group' &&
      entries?.length === 1 &&
      'text' in entries[0]![1];
    if (boxless !== !!this.boxless) this.style.display = (this.boxless = boxless) ? 'contents' : 'flex';
  };
}

/** Apply the early switches among `names` (see `EARLY_ABLATIONS`); the others wait for `applyAblations`. */
export async function applyEarlyAblations(names: string | undefined): Promise<void> {
  for (const name of names?.split(',') ?? []) {
    const apply = (EARLY_ABLATIONS as Record<string, () => Promise<void>>)[name];
    if (apply !== undefined) await apply();
  }
}

/** Apply the named switches (comma-separated) under `root`; unknown names throw, naming the known ones. */
export function applyAblations(root: HTMLElement, names: string | undefined): void {
  if (names === undefined || names === '' || names === 'none') return;
  for (const name of names.split(',')) {
    if (name in EARLY_ABLATIONS) continue;
    const apply = (ABLATIONS as Record<string, (root: HTMLElement) => void>)[name];
    if (apply === undefined) throw new Error(`unknown ablation "${name}"; known: ${Object.keys(ABLATIONS).join(', ')}`);
    apply(root);
  }
}

/**
 * Sets `property` on every `tag` host under `root`, now and on those created later (after the renderer set its own).
 */
function hostStyle(root: HTMLElement, tag: string, property: string, value: string): void {
  const visit = (scope: ParentNode): void => {
    for (const element of scope.querySelectorAll<HTMLElement>('*')) {
      if (element.localName === tag) element.style.setProperty(property, value);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const shadow = attach.call(this, init);
    if (this.localName === tag) (this as HTMLElement).style.setProperty(property, value);
    return shadow;
  };
}

function frameHolders(root: HTMLElement, css: string): void {
  for (const holder of root.querySelectorAll<HTMLElement>('[data-suip-frames]')) holder.style.cssText += `;${css}`;
}

/** Adds `inner` to the tree's shadow root and `outer` to the document. */
function treeSheet(root: HTMLElement, inner: string, outer: string): void {
  for (const tree of root.querySelectorAll('suip-tree')) {
    if (inner !== '' && tree.shadowRoot) adopt(tree.shadowRoot, inner);
  }
  if (outer !== '') adopt(document, outer);
}

/** Adds `css` to every shadow root below the tree's (each generated element's own), or only to `tag`'s. */
function deepSheet(root: HTMLElement, css: string, tag?: string): void {
  const wanted = (element: Element): boolean =>
    tag === undefined ? element.localName !== 'suip-tree' : element.localName === tag;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  const visit = (scope: ParentNode): void => {
    for (const element of scope.querySelectorAll('*')) {
      if (element.shadowRoot) {
        if (wanted(element)) element.shadowRoot.adoptedStyleSheets = [...element.shadowRoot.adoptedStyleSheets, sheet];
        visit(element.shadowRoot);
      }
    }
  };
  visit(root);
  // Elements created during the stream get it too: after Lit has adopted its own sheets (it
  // replaces the list right after attachShadow), in a microtask.
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit): ShadowRoot {
    const shadow = attach.call(this, init);
    if (wanted(this)) queueMicrotask(() => (shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet]));
    return shadow;
  };
}

function adopt(scope: DocumentOrShadowRoot, css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  scope.adoptedStyleSheets = [...scope.adoptedStyleSheets, sheet];
}

/**
 * A count of what the page holds under `root`: elements, shadow roots and adopted sheets, so the
 * report can say what each anchor's DOM is made of ("N style scopes per item").
 */
export function describeDom(root: Node): {
  elements: number;
  shadowRoots: number;
  adoptedSheets: number;
  tags: Record<string, number>;
} {
  let elements = 0;
  let shadowRoots = 0;
  let adoptedSheets = 0;
  const tags: Record<string, number> = {};
  const visit = (scope: ParentNode): void => {
    for (const element of scope.querySelectorAll('*')) {
      elements++;
      tags[element.localName] = (tags[element.localName] ?? 0) + 1;
      if (element.shadowRoot) {
        shadowRoots++;
        adoptedSheets += element.shadowRoot.adoptedStyleSheets.length;
        visit(element.shadowRoot);
      }
    }
  };
  visit(root as ParentNode);
  return { elements, shadowRoots, adoptedSheets, tags };
}
