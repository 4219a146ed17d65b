import { noChange } from 'lit';
import { Directive, PartType, directive, type AttributePart, type PartInfo } from 'lit/directive.js';

/**
 * Sets constant inline styles of ours through the CSSOM once, when the element is created, and
 * never again. Lit's `styleMap` writes every property on every update (it only diffs removals):
 * for a streamed paragraph that was one `style.margin` write per token, a style mutation the
 * anchors never pay. Through the CSSOM, as `lightRoot` does, so a host page's CSP that
 * refuses inline style attributes allows it.
 */
class ConstantStyleDirective extends Directive {
  private done = false;

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ATTRIBUTE || info.name !== 'style')
      throw new Error('constantStyle() belongs in a style attribute');
  }

  render(_styles: Readonly<Record<string, string>>): typeof noChange {
    return noChange;
  }

  override update(part: AttributePart, [styles]: [Readonly<Record<string, string>>]): typeof noChange {
    if (!this.done) {
      this.done = true;
      for (const [property, value] of Object.entries(styles)) part.element.style.setProperty(property, value);
    }
    return noChange;
  }
}

/**
 * Constant inline styles (one of `INLINE_STYLES`), set once through the CSSOM: `<p
 * style=${constantStyle(INLINE_STYLES.p)}>`.
 */
export const constantStyle = directive(ConstantStyleDirective);
