import { createStreamWorkerHandler, type FromStreamWorker, type ToStreamWorker } from './stream-worker.ts';

/**
 * The stream Worker's entry, bundled into one classic script by the sandbox plugin
 * (`virtual:suip-stream-worker`) and started from a blob URL by `adapters/kit/agent-stream.ts`.
 */
const scope = globalThis as unknown as {
  postMessage(message: FromStreamWorker): void;
  onmessage: ((event: MessageEvent<ToStreamWorker>) => void) | null;
};
const handle = createStreamWorkerHandler((message) => scope.postMessage(message));
scope.onmessage = (event) => handle(event.data);
// The page waits for this before it sends the request: a Worker that never ran sent nothing.
scope.postMessage({ ready: true });
