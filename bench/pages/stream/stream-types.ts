import type { StreamTiming, TokenScriptConfig } from '../../anchors-browser/token-script.ts';

/** The contestants of the token-stream benchmark. */
export type StreamAnchor = 'suip' | 'full' | 'remote-dom' | 'vanilla' | 'limit' | 'styled';

/** One running stream, whatever the implementation. */
export interface StreamRun {
  /** Resolves once the starting UI was sent, with the stream's start (epoch ms, token 0 is due then). */
  ready: Promise<number>;
  /** Resolves after the last token was sent, with the bytes that crossed the boundary. */
  done: Promise<{ bytes: number; messages: number }>;
  /** Bytes that crossed so far (for per-segment figures; 0 where nothing crosses). */
  bytesSoFar(): number;
  /** Tear it all down. */
  dispose(): Promise<void>;
  /** What the host reported as ending or failing the program, if anything (so a blank page names its cause). */
  errors?(): string[];
}

/** What an implementation gets: where to render, the script, the timing and the arrival hook. */
export interface StreamSetup {
  container: HTMLElement;
  config: TokenScriptConfig;
  /** Rate and token count; `startAt` is a delay in ms after the starting UI was sent. */
  timing: StreamTiming;
  /** Call on every message that reached the host (the paint tracker asks for a frame). */
  arrived(): void;
  /** suip's heartbeat timeout in ms (the renderer's default when absent). */
  watchdogMs?: number;
}
