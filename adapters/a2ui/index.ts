/** The A2UI bridge for hosts (`suip/a2ui`): any A2UI v0.9 agent drives a suip renderer. */
export { createA2uiClient } from './client.ts';
export type { A2uiClient, A2uiClientOptions } from './client.ts';
export { A2uiBridge } from './bridge.ts';
export { readMessageStream } from './stream-reader.ts';
export { connectA2uiLive } from './live.ts';
export type { A2uiLiveOptions } from './live.ts';
export { createA2uiFeed, A2UI_TEXT_ROLES } from './progressive-feed.ts';
export type { A2uiFeed } from './progressive-feed.ts';
