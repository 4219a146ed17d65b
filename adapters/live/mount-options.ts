import type { LiveClientOptions, LiveStatus } from './live-client.ts';

/** What a live mount (a program's or a remote generator's) takes: the client's connection options, and its hooks. */
export interface LiveMountOptions extends Pick<
  LiveClientOptions,
  'url' | 'sessionId' | 'wsToken' | 'backoff' | 'heartbeat' | 'WebSocketImpl' | 'hostContext' | 'onSystem' | 'onPending'
> {
  /** The mount id (default "live"). */
  mountId?: string;
  onStatus?(status: LiveStatus, detail?: string): void;
  onError?(code: string, message: string): void;
}
