/** The live channel for hosts (`suip/live`): the resumable client and program mode. */
export { createLiveClient } from './live-client.ts';
export type { LiveClient, LiveClientOptions, LiveStatus } from './live-client.ts';
export { connectLiveProgram, SUIP_RUNTIME } from './live-program.ts';
export type { LiveProgramOptions } from './live-program.ts';
export { LIVE_PROTOCOL_VERSION } from './frames.ts';
export type { ServerFrame, ClientFrame, LiveErrorCode } from './frames.ts';
