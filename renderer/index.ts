/** The renderer's public entry: `createRenderer`, `<suip-renderer>` and their types. */
export { createRenderer } from './renderer.ts';
export { SuipRenderer } from './suip-renderer.ts';
export type {
  AttachOptions,
  GeneratorHandle,
  GeneratorStatus,
  Renderer,
  RendererOptions,
  SuipErrorDetail,
  SuipStatusDetail,
  TrafficRecord,
  WatchdogTiming,
} from './renderer-types.ts';
export type { UrlPolicy, ViewContext, ViewEvent } from './view/view-context.ts';
