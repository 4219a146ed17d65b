import { adoptStyles, css, html, type CSSResultOrNative } from 'lit';
import type { VocabularyEntry } from '../../shared/index.ts';
import { baseStyles } from '../theme/base-styles.ts';
import { defineElement } from './define-element.ts';
import { SuipGroupElement } from './suip-element.ts';

/** What a deferred element module gives for one tag: its stylesheets and its `render`. */
export interface DeferredPart {
  styles: CSSResultOrNative[];
  render(this: SuipGroupElement): unknown;
}

/** The deferred elements' module: parts by tag. */
export type DeferredParts = ReadonlyMap<string, DeferredPart>;

/** How a deferred element holds its place until its module is there: a box of the size it will have. */
export type PlaceholderShape = 'chart' | 'media' | 'code' | 'table';

const placeholderStyles = css`
  .pending { border-radius: var(--_radius-sm); background: var(--_color-subtle); }
  .pending.chart { aspect-ratio: 2 / 1; max-width: 36rem; }
  .pending.media { min-height: 3rem; }
  .pending.code, .pending.table { min-height: 4.5rem; }
`;

let parts: DeferredParts | undefined;
let loading: Promise<DeferredParts> | undefined;

/**
 * The deferred elements' module (charts, code, media, tables), requested the first time one of them
 * renders: a same-origin module chunk, like the markdown pipeline, so a strict host CSP
 * (`script-src 'self'`) allows it. A failed load is retried at the next render and said on the
 * console; meanwhile the placeholder stays, never a wrong rendering.
 */
export function loadDeferredParts(): Promise<DeferredParts> {
  loading ??= import('./elements/deferred-elements.ts').then(
    (module) => (parts = module.DEFERRED_PARTS),
    (error: unknown) => {
      loading = undefined;
      console.error(
        'suip: the chart, code, media and table elements could not be loaded; ' +
          'they show as placeholders until the next render retries',
        error,
      );
      throw error;
    },
  );
  return loading;
}

const styled = new WeakSet<ShadowRoot>();

/**
 * Define `tag` for a vocabulary type whose element is loaded on first use (issue 31: the core
 * entry carries no chart, code or media code). The tag and its definition are registered at once,
 * so the type validates, renders and keeps its place like any other; until its module arrives it
 * shows a placeholder the size of what will come, then renders itself and adopts its stylesheets.
 */
export function defineLazyElement(tag: string, definition: VocabularyEntry, shape: PlaceholderShape): void {
  class LazyElement extends SuipGroupElement {
    static override definition = definition;
    static override styles = [baseStyles, placeholderStyles];

    protected override render(): unknown {
      const part = parts?.get(tag);
      if (part === undefined) {
        void loadDeferredParts().then(
          () => this.requestUpdate(),
          () => undefined,
        );
        return html`<div class=${`pending ${shape}`} role="status" aria-busy="true" aria-label=${`Loading ${definition.type}`}></div>`;
      }
      const root = this.renderRoot as ShadowRoot;
      if (!styled.has(root)) {
        styled.add(root);
        adoptStyles(root, part.styles);
      }
      return part.render.call(this);
    }
  }
  defineElement(tag, LazyElement);
}
