import { LitElement, css, html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { TextParticle } from '../../shared/index.ts';
import { essence } from '../../core/policy/mime.ts';
import { markdownPipeline, plainHeading, plainParagraph } from '../policy/markdown.ts';
import { appendInPlace, appendText } from './append-text.ts';
import { constantStyle } from './constant-style.ts';
import { INLINE_STYLES, adoptScopedSheet, lightRoot } from './light-root.ts';
import { registerView } from './element-registry.ts';
import type { ViewContext } from './view-context.ts';
import { policyAt } from './refusals.ts';

/** One template per heading level: a tag name cannot be a binding. */
const HEADINGS: ReadonlyArray<(text: unknown) => unknown> = [
  (text) => html`<h1>${text}</h1>`,
  (text) => html`<h2>${text}</h2>`,
  (text) => html`<h3>${text}</h3>`,
  (text) => html`<h4>${text}</h4>`,
  (text) => html`<h5>${text}</h5>`,
  (text) => html`<h6>${text}</h6>`,
];

/**
 * A styled text's rules (markdown, code, plain text). The leaf renders in its own light DOM
 * (light-root.ts), so this sheet is adopted by the scope that holds it and every selector names
 * the leaf: `suip-text[data-suip-styled]` (a text that took this sheet) at an id's weight
 * (`:not(#_)`: no element of the view has that id), above any rule of a vocabulary element's
 * sheet in the same scope.
 *
 * SECURITY (style isolation): the first rule starts every element inside a styled text from the
 * browser's own styles (`all: revert`), so no rule of the element around it (a list's `li`, a
 * section's `h2`, a link card's `a`) reaches a text's content, as the leaf's own shadow root
 * once kept it; the text's own rules follow at a higher weight. No style comes from the sandbox
 * at all; this keeps the vocabulary's own sheets from restyling a program's text.
 */
const textSheet = css`
  suip-text[data-suip-styled]:not(#_) * { all: revert; }
  :where(suip-text[data-suip-styled]) { font-family: var(--_font); color: var(--_color-fg); }
  /* The browser's nested-list rules, counted from the text (its content now shares a tree with the lists around it). */
  suip-text[data-suip-styled]:not(#_) ul { list-style-type: disc; }
  suip-text[data-suip-styled]:not(#_) :is(ul, ol) ul { list-style-type: circle; }
  suip-text[data-suip-styled]:not(#_) :is(ul, ol) :is(ul, ol) ul { list-style-type: square; }
  suip-text[data-suip-styled]:not(#_) :is(ul, ol) { margin-block: 1em; }
  suip-text[data-suip-styled]:not(#_) :is(ul, ol) :is(ul, ol) { margin-block: 0; }
  suip-text[data-suip-styled]:not(#_) :focus-visible { outline: 3px solid var(--_color-accent); outline-offset: 2px; }
  suip-text[data-suip-styled]:not(#_) .md > :first-child { margin-top: 0; }
  suip-text[data-suip-styled]:not(#_) .md > :last-child { margin-bottom: 0; }
  suip-text[data-suip-styled]:not(#_) .plain { white-space: pre-wrap; margin: 0; }
  suip-text[data-suip-styled]:not(#_) pre {
    font-family: var(--_font-mono); background: var(--_color-surface); padding: var(--_space);
    border-radius: var(--_radius); overflow: auto; margin: 0;
  }
  suip-text[data-suip-styled]:not(#_) code { font-family: var(--_font-mono); }
  suip-text[data-suip-styled]:not(#_) a { color: var(--_color-accent); text-decoration: underline; }
  suip-text[data-suip-styled]:not(#_) table { border-collapse: collapse; }
  suip-text[data-suip-styled]:not(#_) :is(th, td) { border: 1px solid var(--_color-border); padding: 4px 8px; }
  suip-text[data-suip-styled]:not(#_) .align-right { text-align: right; }
  suip-text[data-suip-styled]:not(#_) .align-center { text-align: center; }
  suip-text[data-suip-styled]:not(#_) blockquote {
    margin: 0; padding-left: var(--_space); border-left: 3px solid var(--_color-border);
  }
`.styleSheet;

/**
 * A text particle. `text/markdown` (the default) goes through the markdown pipeline, which cannot
 * produce anything but markdown-it's own tags; `text/plain` and every other type are shown
 * literally; `application/json` and `text/x-<lang>` as preformatted code.
 */
export class SuipText extends LitElement {
  static override properties: PropertyDeclarations = {
    // An accessor of our own (below), so that `writeParticle` can take a particle without an update.
    particle: { attribute: false, noAccessor: true },
    path: { attribute: false },
    context: { attribute: false },
  };
  #particle: TextParticle | undefined;
  /** What the last render showed through `appendText`: a plain paragraph, or a plain heading of a level. */
  private streamed: { heading: number } | undefined;
  /** Whether the host makes no box now (`INLINE_STYLES['suip-text:paragraph']`). */
  private boxless = false;

  /** The text particle. */
  get particle(): TextParticle {
    return this.#particle!;
  }
  set particle(value: TextParticle) {
    const old = this.#particle;
    this.#particle = value;
    this.requestUpdate('particle', old);
  }
  /** Absolute path (where a refused markdown link is reported). */
  declare path: readonly string[];
  /** The view context; its URL policy checks markdown links. */
  declare context: ViewContext;

  constructor() {
    super();
    this.addEventListener('click', this.onClick, { capture: true });
  }

  /** Links open only on a real user click, never on a synthetic one. */
  private onClick = (event: Event): void => {
    const anchor = event.composedPath().find((n) => n instanceof HTMLAnchorElement);
    if (anchor && !event.isTrusted) event.preventDefault();
  };

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return lightRoot(this, INLINE_STYLES['suip-text']);
  }

  /**
   * Show `next`, this element's particle with text appended (the streaming fast path,
   * leaf-writes.ts): when the last render showed a plain paragraph or heading that `next` only
   * extends, in the same type, the new characters are appended to the text node on screen and the
   * particle is taken without a Lit update; otherwise it is set as usual (one update of this
   * element alone).
   */
  writeParticle(next: TextParticle): void {
    const shown = this.#particle;
    if (
      this.streamed !== undefined &&
      shown !== undefined &&
      this.hasUpdated &&
      !this.isUpdatePending &&
      next.mimeType === shown.mimeType &&
      typeof next.text === 'string'
    ) {
      const heading = this.streamed.heading;
      // SECURITY: only a text proved plain (the same proof render() uses to skip markdown-it) is
      // written outside a render, and only as a Text node's data: never markup.
      const text = heading === 0 ? plainParagraph(next.text) : plainHeading(next.text);
      const plain = typeof text === 'string' ? text : text?.level === heading ? text.text : undefined;
      if (plain !== undefined && appendInPlace(this, plain)) {
        this.#particle = next;
        return;
      }
    }
    this.particle = next;
  }

  protected override willUpdate(changed: PropertyValues): void {
    // Its parent group may hand it a new particle directly (forward-children.ts).
    registerView(this, changed);
  }

  protected override render(): unknown {
    const p = this.particle;
    const text = typeof p?.text === 'string' ? p.text : '';
    const mime = essence(typeof p?.mimeType === 'string' ? p.mimeType : 'text/markdown');
    // One paragraph without markup (what a model streams most): no stylesheet needed, the margin
    // is set through the CSSOM like the host's layout (light-root.ts).
    // An empty text (a streamed leaf before its first token) is an empty paragraph, so that its
    // first token is appended like the rest instead of rendering this element (no box: margin 0).
    const paragraph = mime === 'text/markdown' ? (text.trim() === '' ? '' : plainParagraph(text)) : undefined;
    this.streamed = undefined;
    // The host makes no box while it shows one plain paragraph straight in a group (a plain
    // group's light DOM, or a styled group's shadow root): the paragraph is then the item's one box.
    // SECURITY: a program's root element keeps its box: it sits in the tree's own wrapper (neither),
    // whose `contain: layout paint` rule needs a box to contain anything.
    const parent = this.parentNode;
    this.setBoxless(
      paragraph !== undefined &&
        (parent instanceof ShadowRoot || (parent as Element | null)?.localName === 'suip-group'),
    );
    if (paragraph !== undefined) {
      this.streamed = { heading: 0 };
      return html`<p style=${constantStyle(INLINE_STYLES.p)}>${appendText(paragraph)}</p>`;
    }
    if (mime === 'text/markdown' && text.trim() === '') return nothing;
    this.styled();
    // A plain heading keeps its element while a stream grows it: the same DOM markdown-it makes.
    const heading = mime === 'text/markdown' ? plainHeading(text) : undefined;
    if (heading !== undefined) {
      this.streamed = { heading: heading.level };
      return html`<div class="md">${HEADINGS[heading.level - 1]!(appendText(heading.text))}</div>`;
    }
    if (mime === 'text/markdown' && this.context?.policy) {
      // markdown-it loads the first time a text needs it; meanwhile the source shows as plain text.
      const renderMarkdown = markdownPipeline(() => this.requestUpdate());
      if (renderMarkdown === undefined) return html`<p class="plain">${text}</p>`;
      // SECURITY: markdown-it with html:false emits only its own tags and policy-checked hrefs.
      return html`<div class="md">${unsafeHTML(renderMarkdown(text, policyAt(this.context, this.path)))}</div>`;
    }
    if (mime === 'application/json' || mime.startsWith('text/x-')) return html`<pre><code>${text}</code></pre>`;
    return html`<p class="plain">${text}</p>`;
  }

  /** From now on its content follows the text's own sheet (`textSheet`), adopted by the scope it sits in. */
  private styled(): void {
    if (textSheet !== undefined) adoptScopedSheet(this, textSheet);
    if (!this.hasAttribute('data-suip-styled')) this.setAttribute('data-suip-styled', '');
  }

  /** Switch the host between a block and no box (only `display` differs between the two constants). */
  private setBoxless(boxless: boolean): void {
    if (boxless === this.boxless) return;
    this.boxless = boxless;
    this.style.setProperty(
      'display',
      (boxless ? INLINE_STYLES['suip-text:paragraph'] : INLINE_STYLES['suip-text']).display,
    );
  }
}
customElements.define('suip-text', SuipText);
