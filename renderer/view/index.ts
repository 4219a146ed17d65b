/** The view layer: `<suip-tree>` and one Lit element per vocabulary type. */
export { SuipTree } from './suip-tree.ts';
export { SuipGroupElement } from './suip-element.ts';
export { renderParticle, renderEntries } from './render-particle.ts';
export { renderedTypes, tagFor } from './element-tags.ts';
export { INPUT_DEBOUNCE_MS, PendingInputs, pendingInputsOf } from './pending-input.ts';
export type { ViewContext, ViewEvent, UrlPolicy } from './view-context.ts';
