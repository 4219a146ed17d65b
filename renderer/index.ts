/** The renderer's public entry: `createRenderer`, `<suip-renderer>` and their types. */
export { createRenderer } from './renderer.ts';
export { SuipRenderer } from './suip-renderer.ts';
export { createLocalGenerator } from './remote.ts';
export { createProgressiveMount } from './progressive-mount.ts';
export type { ProgressiveMount } from './progressive-mount.ts';
export { webSocketChannel } from './websocket-channel.ts';
export type { LocalGenerator, LocalGeneratorOptions } from './remote.ts';
export { SuipHostError, HOST_ERROR_CODES } from './host-error.ts';
export type { HostErrorCode, HostErrorData } from './host-error.ts';
export type { DialogOrigin, HostDialogs } from './dialogs/host-dialogs.ts';
export type { DialogPolicy } from '../core/policy/dialog-policy.ts';
export type { DialogRefusalReason } from './dialogs/dialog-gate.ts';
export { effectivePolicy } from '../core/policy/host-policy.ts';
export type { HostPolicy } from '../core/policy/host-policy.ts';
export type { HostComponent, HostComponentElement } from './host-components.ts';
// The particles a host component receives (and `snapshot()` returns), from the wire schema.
export type {
  Particle,
  GroupParticle,
  GroupEntry,
  TextParticle,
  DataParticle,
  VocabularyEntry,
} from '../shared/index.ts';
export { SuipGroupElement } from './view/suip-element.ts';
export { BUILTIN_VOCABULARY } from '../core/vocabulary/registry.ts';
export { createGroupChecker } from '../core/vocabulary/check-group.ts';
export { createUrlPolicy } from '../core/policy/url-policy.ts';
export { defineType, textRole, dataRole, groupRole, otherChildren, ex } from '../core/vocabulary/define.ts';
export type {
  AttachOptions,
  AttachRemoteOptions,
  DetachOptions,
  MountOptions,
  GeneratorHandle,
  GeneratorStatus,
  HibernationOptions,
  Renderer,
  RendererOptions,
  SuipErrorDetail,
  SuipEventMap,
  SuipIsolationDetail,
  SuipStatusDetail,
  TrafficRecord,
  WatchdogTiming,
} from './renderer-types.ts';
export type { UrlPolicy, ViewContext, ViewEvent } from './view/view-context.ts';
