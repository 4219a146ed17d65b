import { noChange } from 'lit';
import { Directive, PartType, directive, type ChildPart, type PartInfo } from 'lit/directive.js';

/**
 * Shows a string in a child position and, when the new string extends the one on screen (a
 * streamed token), appends only the new characters with `Text.appendData`. Lit would assign the
 * whole string to the text node on every update; Chromium then shapes the paragraph from scratch,
 * while an append lets it keep the shaping of the unchanged prefix: the view's own cost per token
 * stops growing with the paragraph (docs/benchmarks.md, case 7).
 */
/** The appendText each host element rendered last, for `appendInPlace`. */
const lastOf = new WeakMap<object, AppendTextDirective>();

class AppendTextDirective extends Directive {
  /** The text node this directive owns after the first render, and what it holds. */
  private node: Text | undefined;
  private shown = '';
  private part: ChildPart | undefined;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('appendText() belongs in a child position');
  }

  render(text: string): string {
    return text;
  }

  override update(part: ChildPart, [text]: [string]): unknown {
    this.part = part;
    const host = part.options?.host;
    if (host !== undefined) lastOf.set(host, this);
    if (!this.own()) {
      this.shown = text;
      return this.render(text);
    }
    // From here on this directive keeps the node itself and Lit's own committed value is stale,
    // so every update answers noChange, appended or not.
    this.write(text);
    return noChange;
  }

  /**
   * Takes the text node Lit committed, once: after the first commit it sits right after the part's
   * start marker. Lit commits an empty string as nothing (no node), so for an empty text (a
   * streamed leaf before its first token) the node is made here, empty, between the markers: the
   * first token is then an append like every other (Lit clears it with the part, as its own).
   */
  private own(): boolean {
    if (this.node) return true;
    const part = this.part;
    const start = part?.startNode;
    const candidate = start?.nextSibling;
    if (candidate instanceof Text && candidate.nextSibling === part!.endNode) {
      this.node = candidate;
      return true;
    }
    const parent = start?.parentNode;
    if (this.shown !== '' || parent == null || (candidate ?? null) !== (part!.endNode ?? null)) return false;
    this.node = parent.insertBefore((start!.ownerDocument ?? document).createTextNode(''), candidate ?? null);
    return true;
  }

  /**
   * Writes `text` outside a Lit update when it only extends what is shown (`appendInPlace`).
   * False, having written nothing, when it does not or the node is not this directive's yet.
   */
  appendOutside(text: string): boolean {
    if (!text.startsWith(this.shown) || this.part?.startNode?.isConnected !== true || !this.own()) return false;
    this.write(text);
    return true;
  }

  private write(text: string): void {
    if (text !== this.shown) {
      if (text.startsWith(this.shown)) this.node!.appendData(text.slice(this.shown.length));
      else this.node!.data = text;
      this.shown = text;
    }
  }
}

/** A string in a child position, updated by appending when it only grew. */
export const appendText = directive(AppendTextDirective);

/**
 * Appends to the text that `host`'s last render showed through `appendText`, without a render:
 * the streaming fast path's leaf write (leaf-writes.ts), one `Text.appendData` for a token. False,
 * having changed nothing, unless `text` extends what that directive shows in a text node it owns;
 * the caller must know that `host`'s last render showed its text through `appendText` (a later
 * render without it leaves the directive behind, off screen or beside other content).
 */
export function appendInPlace(host: object, text: string): boolean {
  return lastOf.get(host)?.appendOutside(text) === true;
}
