/**
 * The entry of `suip/browser`, the one self-contained file for pages with no bundler: the
 * renderer's public entry (`createRenderer`, `<suip-renderer>` …) and the live channel's page side
 * (`createLiveClient`, `<suip-live>`), with `<suip-live>` registered on load so one line of HTML
 * shows a live session. Bundlers use `suip` and `suip/live` instead (and call `defineSuipLive()`).
 */
import { defineSuipLive } from './suip-live-element.ts';

export * from '../../renderer/index.ts';
export { createLiveClient } from './live-client.ts';
export type { LiveClient, LiveClientOptions, LiveSnapshot, LiveStatus } from './live-client.ts';
export { SuipLiveElement, defineSuipLive } from './suip-live-element.ts';
export type { SuipLiveEventMap, SuipLiveErrorCode, SuipLiveErrorDetail } from './suip-live-element.ts';

defineSuipLive();
