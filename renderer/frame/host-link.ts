import type { Channel } from '../../shared/index.ts';
import { readRelayReport, type RelayCommand, type RelayReport } from '../../shared/relay-control.ts';

/** Longest stretch the host spends on sandbox messages before it lets its own tasks run (ms). */
const SLICE_MS = 8;
/** Most messages per slice: each may add particles that the view renders right after the slice. */
const SLICE_MESSAGES = 16;

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
  // SECURITY: the host never handles sandbox messages back to back. A burst within the budget
  // (1000 messages at once) sits in the host's task queue ahead of every timer of the host page;
  // handled one task each, it froze the host for seconds. Arrival only queues; a timer task
  // drains the queue in slices (SLICE_MS, SLICE_MESSAGES), so the host's own tasks run between slices.
  const inbox: unknown[] = [];
  let head = 0;
  let scheduled = false;
  const deliver = (data: unknown): void => {
    if (typeof data === 'string') {
      for (const listener of listeners) listener(data);
      return;
    }
    const report = readRelayReport(data);
    if (report) onReport(report);
  };
  const drain = (): void => {
    scheduled = false;
    const end = performance.now() + SLICE_MS;
    const last = head + SLICE_MESSAGES;
    while (head < inbox.length && head < last && !closed) {
      const data = inbox[head];
      inbox[head] = undefined;
      head += 1;
      deliver(data);
      if (performance.now() >= end) break;
    }
    if (head >= inbox.length || closed) {
      inbox.length = 0;
      head = 0;
    } else {
      scheduled = true;
      setTimeout(drain, 0);
    }
  };
  port.onmessage = (event: MessageEvent) => {
    if (closed) return;
    inbox.push(event.data);
    if (!scheduled) {
      scheduled = true;
      setTimeout(drain, 0);
    }
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
      inbox.length = 0;
      head = 0;
      listeners.clear();
      port.close();
    },
  };
}
