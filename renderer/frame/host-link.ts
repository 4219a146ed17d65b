import type { Channel } from '../../shared/index.ts';
import { readRelayReport, type RelayCommand, type RelayReport } from '../../shared/relay-control.ts';
import { createSlicedInbox } from '../session/sliced-inbox.ts';

/** The host's end of the relay port, split into the data `Channel` and the control plane. */
export interface HostLink {
  readonly channel: Channel;
  command(command: RelayCommand): void;
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
  const inbox = createSlicedInbox((data) => {
    if (typeof data === 'string') {
      for (const listener of listeners) listener(data);
      return;
    }
    const report = readRelayReport(data);
    if (report) onReport(report);
  }, () => listeners.size > 0);
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
    command: (command) => {
      if (!closed) port.postMessage(command);
    },
    close() {
      closed = true;
      inbox.close();
      listeners.clear();
      port.close();
    },
  };
}
