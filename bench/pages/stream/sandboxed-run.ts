import type { SandboxFrame } from '../kit/sandbox-frame.ts';
import type { StreamRun } from './stream-types.ts';

/** The Worker's control messages (objects; the data it streams is anything else). */
interface Control {
  bench: 'ready' | 'done';
  startAt: number;
  bytes: number;
  messages: number;
}

function isControl(data: unknown): data is Control {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && 'bench' in data;
}

/**
 * The run of an anchor whose model is a Worker in `frame` (remote-dom, floor): sends `start`, hands
 * every data message to `onData`, and settles `ready` and `done` from the Worker's `ready` (its
 * starting UI was sent, with the stream's start) and `done` (its traffic) messages. `onReady` runs
 * first, for a host that treats the stream's messages differently from the starting UI's.
 */
export function sandboxedRun(
  frame: Pick<SandboxFrame, 'port' | 'remove'>,
  root: Element,
  start: Record<string, unknown>,
  onData: (data: unknown) => void,
  onReady?: () => void,
): StreamRun {
  let readyResolve!: (startAt: number) => void;
  let doneResolve!: (value: { bytes: number; messages: number }) => void;
  const ready = new Promise<number>((resolve) => (readyResolve = resolve));
  const done = new Promise<{ bytes: number; messages: number }>((resolve) => (doneResolve = resolve));
  frame.port.onmessage = (event: MessageEvent) => {
    const data = event.data as unknown;
    if (!isControl(data)) return onData(data);
    if (data.bench === 'ready') {
      onReady?.();
      readyResolve(data.startAt);
    } else if (data.bench === 'done') doneResolve({ bytes: data.bytes, messages: data.messages });
  };
  frame.port.postMessage({ bench: 'start', ...start });
  return {
    ready,
    done,
    bytesSoFar: () => Number.NaN,
    async dispose() {
      frame.remove();
      root.remove();
    },
  };
}
