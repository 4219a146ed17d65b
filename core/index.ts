/**
 * suip's core: everything that needs no DOM. The vocabulary and its checks, the merged particle
 * tree and its transactions, the host policy (URLs, media, dialogs) and the renderer's protocol
 * session. It imports only the wire (`shared/`); the generator, the renderer, the adapters and the
 * server stand on it, so a server or an adapter validates exactly as a browser does.
 */
export { BUILTIN_VOCABULARY, indexVocabulary } from './vocabulary/registry.ts';
export type { VocabularyIndex } from './vocabulary/registry.ts';
export { createGroupChecker, mimeMatches } from './vocabulary/check-group.ts';
export type { GroupChecker } from './vocabulary/check-group.ts';
export { defineType, textRole, dataRole, groupRole, otherChildren } from './vocabulary/define.ts';
export { vocabularyJsonSchema, groupTypeSchema } from './vocabulary/json-schema.ts';
export { galleryTree } from './vocabulary/gallery.ts';
export {
  applyTransaction,
  applyGeneratorTransaction,
  createMergedTree,
  mountGenerator,
  unmountGenerator,
  generatorRoot,
  lookup,
  subtreeSize,
  subtreeHeight,
  viewChanges,
} from './tree/index.ts';
export type { CheckGroup, MergedTree, TransactionOptions, TransactionResult, ViewChanges } from './tree/index.ts';
export { createUrlPolicy } from './policy/url-policy.ts';
export type { UrlPolicy, UrlPolicyOptions } from './policy/url-policy.ts';
export { MEDIA_MIME_TYPES, mediaKind, essence, describeMime, mediaMimeOfUrl } from './policy/mime.ts';
export type { HostPolicy } from './policy/host-policy.ts';
export type { DialogPolicy } from './policy/dialog-policy.ts';
export { RendererSession } from './session/renderer-session.ts';
export { routeEvent } from './session/route-event.ts';
export type { EventSink } from './session/route-event.ts';
export type { ViewEvent } from './session/view-event.ts';
