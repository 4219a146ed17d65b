import { createLiveClient, type LiveClient, type LiveClientOptions, type LiveStatus } from '../live/live-client.ts';
import type { Renderer } from '../../renderer/renderer-types.ts';
import { createCanvasHost, type CanvasHost, type CanvasHostOptions } from './host.ts';
import { readCanvasState } from './live/read-state.ts';
import { WidgetErrorReports } from './live/widget-error-reports.ts';

/** Options of `connectCanvas`. */
export interface CanvasConnectOptions
  extends Omit<CanvasHostOptions, 'onAction'>, Pick<LiveClientOptions, 'backoff' | 'heartbeat' | 'WebSocketImpl'> {
  /** The servers' base URLs (`http://host:port`); more than one = fail over to the next when a connection is lost. */
  urls: readonly string[];
  sessionId: string;
  wsToken: string;
  onStatus?(status: LiveStatus, detail?: string): void;
  /** Each ledger position applied, in order (tests check there is no gap and no duplicate). */
  onApplied?(seq: number): void;
  /** Every widget action, as it is sent to the agent. */
  onAction?: CanvasHostOptions['onAction'];
}

/** A canvas connected to a suip server. */
export interface CanvasConnection {
  readonly host: CanvasHost;
  /** The newest ledger position applied. */
  readonly applied: number;
  readonly status: LiveStatus;
  close(): Promise<void>;
}

/**
 * Connects a canvas to its server: the compacted canvas first (`GET /api/canvas/<id>/state`, the
 * seed's "the server replays the current state"), then the ops after it on the live channel, each
 * applied once and in order across reconnects (a frame at or below the applied position is
 * skipped). A gap (the replay window passed while offline) re-reads the compacted state. Widget
 * actions go up as live-channel actions (`widget-action`), resent until the server recorded them,
 * and so do widget failures (`widget-error`: a refused define, an instance of its broken type, a
 * widget's own error, one the watchdog stopped), so the agent reads both in its actions feed.
 * With several URLs a lost connection moves to the next server (processes sharing a Redis ledger).
 */
export async function connectCanvas(
  renderer: Pick<Renderer, 'attach' | 'attachRemote' | 'detach'>,
  options: CanvasConnectOptions,
): Promise<CanvasConnection> {
  if (options.urls.length === 0) throw new TypeError('connectCanvas needs at least one server URL');
  let live: LiveClient | undefined;
  let index = 0;
  let applied = 0;
  let status: LiveStatus = 'connecting';
  let closed = false;
  let syncing: Promise<void> | undefined;
  const queued: Array<{ seq: number; op: unknown }> = [];
  const widgetErrors = new WidgetErrorReports();
  const host = await createCanvasHost(renderer, {
    ...options,
    onAction(action) {
      options.onAction?.(action);
      live?.sendAction('widget-action', action);
    },
    onIssue(issue) {
      options.onIssue?.(issue);
      widgetErrors.report(issue);
    },
  });

  async function loadState(): Promise<void> {
    const state = await readCanvasState(options, index);
    if (state.seq >= applied) {
      host.reset(state.ops);
      applied = state.seq;
    }
  }

  function receive(seq: number, op: unknown): void {
    if (syncing !== undefined) return void queued.push({ seq, op });
    if (seq <= applied) return;
    // Only canvas ops travel on this session after its creation (seq 1): a jump means lost history.
    if (seq > applied + 1 && applied > 1) {
      queued.push({ seq, op });
      syncing = loadState()
        .catch(() => undefined)
        .finally(() => {
          syncing = undefined;
          for (const item of queued.splice(0)) receive(item.seq, item.op);
        });
      return;
    }
    applied = seq;
    host.apply(op);
    options.onApplied?.(seq);
  }

  function open(): void {
    const base = options.urls[index % options.urls.length]!;
    const client = createLiveClient({
      url: `${base.replace(/^http/, 'ws')}/ws`,
      sessionId: options.sessionId,
      wsToken: options.wsToken,
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.heartbeat ? { heartbeat: options.heartbeat } : {}),
      ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
      onFrame(frame) {
        if (frame.type !== 'data' || frame.payload.channel !== 'canvas') return;
        receive(frame.seq, frame.payload.payload);
      },
      onStatus(next, detail) {
        status = next;
        options.onStatus?.(next, detail);
        // Fail over: another process shares the ledger, so the session goes on there.
        if (next === 'reconnecting' && options.urls.length > 1 && live === client && !closed) {
          client.close();
          index += 1;
          open();
        }
      },
    });
    live = client;
    widgetErrors.sendWith(client);
  }

  await loadState();
  open();
  return {
    host,
    get applied() {
      return applied;
    },
    get status() {
      return status;
    },
    async close() {
      closed = true;
      live?.close();
      await host.close();
    },
  };
}
