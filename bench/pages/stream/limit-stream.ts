import { limitWorkerSource } from 'virtual:bench-anchors';
import type { LimitEdit } from '../../anchors-browser/limit-worker.ts';
import { plainItems } from '../../anchors-browser/plain-items.ts';
import { remoteDomFrameScript } from '../../anchors-browser/remote-dom-frame.ts';
import { createSandboxFrame } from '../kit/sandbox-frame.ts';
import { sandboxedRun } from './sandboxed-run.ts';
import type { StreamRun, StreamSetup } from './stream-types.ts';

/**
 * The physical-limit anchor ('limit', issue 43 item 1a) and vanilla (item 1c): the token script in
 * a Worker (`anchors-browser/limit-worker.ts`), each edit applied in the host page by one direct
 * DOM call (`appendData`, `append`, `insertBefore`, `remove`) on a plain `<div><p>` item, and
 * nothing else: no wire format, no validation, no answer, no framework. 'limit' runs the Worker in
 * a `sandbox="allow-scripts"` iframe as suip and remote-dom do (the port goes straight to the
 * Worker, no relay in the path), so it is the least any sandboxed program can cost the host;
 * vanilla runs it as a plain Worker of the host page (no sandbox), so the two differ by the
 * sandbox's process boundary alone. Neither is built from any of suip's code.
 */
export async function startLimitStream(setup: StreamSetup, where: 'sandbox' | 'page'): Promise<StreamRun> {
  const { container, config, timing, arrived } = setup;
  const list = document.createElement('div');
  container.append(list);
  const { nodes, create } = plainItems();
  const apply = (edit: LimitEdit): void => {
    if (edit.kind === 'token') nodes.get(edit.id)!.text.appendData(edit.token);
    else if (edit.kind === 'add') list.append(create(edit.id, ''));
    else if (edit.kind === 'remove') {
      nodes.get(edit.id)!.item.remove();
      nodes.delete(edit.id);
    } else if (edit.kind === 'move') list.insertBefore(nodes.get(edit.id)!.item, nodes.get(edit.before)!.item);
    else for (const { id, text } of edit.items) list.append(create(id, text));
  };
  const onData = (data: unknown): void => {
    for (const edit of data as LimitEdit[]) apply(edit);
    arrived();
  };
  if (where === 'sandbox') {
    const frame = await createSandboxFrame(remoteDomFrameScript(limitWorkerSource));
    return sandboxedRun(frame, list, { config, timing }, onData);
  }
  const url = URL.createObjectURL(new Blob([limitWorkerSource], { type: 'text/javascript' }));
  const worker = new Worker(url);
  URL.revokeObjectURL(url);
  const channel = new MessageChannel();
  worker.postMessage(null, [channel.port2]);
  channel.port1.start();
  const frame = {
    port: channel.port1,
    remove() {
      channel.port1.close();
      worker.terminate();
    },
  };
  return sandboxedRun(frame, list, { config, timing }, onData);
}
