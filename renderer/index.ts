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
export type { HostDialogs } from './dialogs/host-dialogs.ts';
export type { HostPolicy } from './policy/host-policy.ts';
export type { HostComponent } from './host-components.ts';
export { SuipGroupElement } from './view/suip-element.ts';
export { BUILTIN_VOCABULARY } from './vocabulary/registry.ts';
export { createGroupChecker } from './vocabulary/check-group.ts';
export { createUrlPolicy } from './policy/url-policy.ts';
export { defineType, textRole, dataRole, groupRole, otherChildren, ex } from './vocabulary/define.ts';
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
  SuipStatusDetail,
  TrafficRecord,
  WatchdogTiming,
} from './renderer-types.ts';
export type { UrlPolicy, ViewContext, ViewEvent } from './view/view-context.ts';
