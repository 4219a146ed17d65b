import type { Channel } from '../../shared/index.ts';
import { readRelayReport, type RelayCommand, type RelayReport } from '../../shared/relay-control.ts';
import { createSlicedInbox } from '../session/sliced-inbox.ts';

/** The host's end of the relay port, split into the data `Channel` and the control plane. */
export interface HostLink {
  readonly channel: Channel;
  /** Send a command; `transfer` moves ports with it (a `restart` carries the next run's port). */
  command(command: RelayCommand, transfer?: Transferable[]): void;
  /**
   * Stop listening and hand the port back without closing it (the relay stays reachable for a
   * `restart`). Nothing more is delivered from this link; undefined when it was closed already.
   */
  release(): MessagePort | undefined;
  close(): void;
}

/**
 * Splits the port: strings are JSON-RPC data for the session, objects are relay reports. Reports
 * are read field by field into fresh objects (the sandbox is the sender; only known shapes pass).
 */
export function createHostLink(port: MessagePort, onReport: (report: RelayReport) => void): HostLink {
  const listeners = new Set<(text: unknown) => void>();
  let closed = false;
  // Arrival only queues; the inbox hands messages over in slices (see sliced-inbox.ts).
  const inbox = createSlicedInbox(
    (data) => {
      if (typeof data === 'string') {
        for (const listener of listeners) listener(data);
        return;
      }
      const report = readRelayReport(data);
      if (report) onReport(report);
    },
    () => listeners.size > 0,
  );
  port.onmessage = (event: MessageEvent) => {
    if (!closed) inbox.push(event.data);
  };
  port.onmessageerror = () => undefined;
  return {
    channel: {
      send: (text) => {
        if (!closed) port.postMessage(text);
      },
      onMessage(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => undefined,
    },
    command: (command, transfer = []) => {
      if (!closed) port.postMessage(command, transfer);
    },
    release() {
      if (closed) return undefined;
      closed = true;
      inbox.close();
      listeners.clear();
      port.onmessage = null;
      return port;
    },
    close() {
      closed = true;
      inbox.close();
      listeners.clear();
      port.close();
    },
  };
}
