import { noChange } from 'lit';
import { Directive, PartType, directive, type ChildPart, type PartInfo } from 'lit/directive.js';

/**
 * Shows a string in a child position and, when the new string extends the one on screen (a
 * streamed token), appends only the new characters with `Text.appendData`. Lit would assign the
 * whole string to the text node on every update; Chromium then shapes the paragraph from scratch,
 * while an append lets it keep the shaping of the unchanged prefix: the view's own cost per token
 * stops growing with the paragraph (docs/benchmarks.md, case 7).
 */
class AppendTextDirective extends Directive {
  /** The text node this directive owns after the first render, and what it holds. */
  private node: Text | undefined;
  private shown = '';

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.CHILD) throw new Error('appendText() belongs in a child position');
  }

  render(text: string): string {
    return text;
  }

  override update(part: ChildPart, [text]: [string]): unknown {
    if (!this.node) {
      // After Lit's first commit the text node sits right after the part's start marker.
      const candidate = part.startNode?.nextSibling;
      if (!(candidate instanceof Text) || candidate.nextSibling !== part.endNode) {
        this.shown = text;
        return this.render(text);
      }
      this.node = candidate;
    }
    // From here on this directive keeps the node itself and Lit's own committed value is stale,
    // so every update answers noChange, appended or not.
    if (text !== this.shown) {
      if (text.startsWith(this.shown)) this.node.appendData(text.slice(this.shown.length));
      else this.node.data = text;
      this.shown = text;
    }
    return noChange;
  }
}

/** A string in a child position, updated by appending when it only grew. */
export const appendText = directive(AppendTextDirective);
