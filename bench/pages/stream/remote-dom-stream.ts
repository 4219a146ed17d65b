import { DOMRemoteReceiver } from '@remote-dom/core/receivers';
import type { RemoteMutationRecord } from '@remote-dom/core';
import { remoteDomWorkerSource } from 'virtual:bench-anchors';
import { remoteDomFrameScript } from '../../anchors-browser/remote-dom-frame.ts';
import { createSandboxFrame } from '../kit/sandbox-frame.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';

/**
 * Anchor (b), remote-dom: the same model in a Worker inside a sandboxed iframe (see
 * `anchors-browser/remote-dom-worker.ts`), its mutation records applied in the host by a
 * `DOMRemoteReceiver` rooted in the container.
 */
export async function startRemoteDomStream({ container, config, timing, arrived }: StreamSetup): Promise<StreamRun> {
  const root = document.createElement('div');
  container.append(root);
  const receiver = new DOMRemoteReceiver({ root, elements: ['div', 'p'] });
  const frame = await createSandboxFrame(remoteDomFrameScript(remoteDomWorkerSource));
  let readyResolve!: (startAt: number) => void;
  let doneResolve!: (value: { bytes: number; messages: number }) => void;
  const ready = new Promise<number>((resolve) => (readyResolve = resolve));
  const done = new Promise<{ bytes: number; messages: number }>((resolve) => (doneResolve = resolve));
  frame.port.onmessage = (event: MessageEvent) => {
    const data = event.data as RemoteMutationRecord[] | { bench: string; bytes: number; messages: number; startAt: number };
    if (Array.isArray(data)) {
      receiver.connection.mutate(data);
      arrived();
    } else if (data.bench === 'ready') readyResolve(data.startAt);
    else if (data.bench === 'done') doneResolve({ bytes: data.bytes, messages: data.messages });
  };
  frame.port.postMessage({ bench: 'start', config, timing });
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
