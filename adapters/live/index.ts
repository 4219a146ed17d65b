/** The live channel for hosts (`suip/live`): the resumable client, program mode, remote mode and `<suip-live>`. */
export { createLiveClient } from './live-client.ts';
export type { LiveClient, LiveClientOptions, LiveSnapshot, LiveStatus } from './live-client.ts';
export { connectLiveProgram, PENDING_CHANNEL, REMOTE_SESSION, SUIP_RUNTIME } from './live-program.ts';
export type { LiveProgramOptions } from './live-program.ts';
export { connectLiveRemote, ATTACH_ACTION, REMOTE_RUNTIME, RPC_ACTION } from './live-remote.ts';
export type { LiveRemoteOptions, RemoteEnvelope } from './live-remote.ts';
export { SuipLiveElement, defineSuipLive } from './suip-live-element.ts';
export type { SuipLiveEventMap, SuipLiveErrorCode, SuipLiveErrorDetail } from './suip-live-element.ts';
export { LIVE_PROTOCOL_VERSION, SUIP_CHANNEL } from '../../shared/neighbours/live/frames.ts';
export type {
  ServerFrame,
  ClientFrame,
  LiveErrorCode,
  ChannelErrorCode,
  LiveSession,
  SessionEvent,
  SessionFrame,
} from '../../shared/neighbours/live/frames.ts';
