import { DOMRemoteReceiver } from '@remote-dom/core/receivers';
import type { RemoteMutationRecord } from '@remote-dom/core';
import { remoteDomWorkerSource } from 'virtual:bench-anchors';
import { remoteDomFrameScript } from '../../anchors-browser/remote-dom-frame.ts';
import { createSandboxFrame } from '../kit/sandbox-frame.ts';
import { sandboxedRun } from './sandboxed-run.ts';
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
  return sandboxedRun(frame, root, { config, timing }, (data) => {
    receiver.connection.mutate(data as RemoteMutationRecord[]);
    arrived();
  });
}
