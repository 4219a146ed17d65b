import { BatchingRemoteConnection, RemoteMutationObserver } from '@remote-dom/core/elements';
import type { RemoteConnection, RemoteMutationRecord } from '@remote-dom/core';
import { createTokenScript, playTokenStream, type StreamTiming, type TokenScriptConfig } from './token-script.ts';

/**
 * Anchor (b) of the token-stream benchmark, remote side: the same simulated model as suip's,
 * building the same UI with plain DOM in a `sandbox="allow-scripts"` iframe, mirrored to the host
 * the way remote-dom's docs describe for iframes: a `RemoteMutationObserver` on the remote root,
 * with its mutation records batched per task by `BatchingRemoteConnection` and posted to the
 * host's `DOMRemoteReceiver` over one transferred MessagePort (structured clone, no JSON).
 */

interface StartMessage {
  bench: 'start';
  config: TokenScriptConfig;
  timing: StreamTiming;
}

let port: MessagePort | undefined;

function start({ config, timing }: StartMessage, hostPort: MessagePort): void {
  let bytes = 0;
  let messages = 0;
  const connection: RemoteConnection = {
    call: () => undefined,
    mutate(records: RemoteMutationRecord[]) {
      // Bytes are counted here, in the sandbox, so counting costs the host nothing.
      bytes += JSON.stringify(records).length;
      messages++;
      hostPort.postMessage(records);
    },
  };
  const root = document.createElement('div');
  const script = createTokenScript(config);
  const nodes = new Map<string, { item: HTMLElement; text: Text }>();
  const create = (id: string, value: string): HTMLElement => {
    const item = document.createElement('div');
    const p = document.createElement('p');
    const text = document.createTextNode(value);
    p.append(text);
    item.append(p);
    nodes.set(id, { item, text });
    return item;
  };
  for (const { id, text } of script.items) root.append(create(id, text));
  const observer = new RemoteMutationObserver(new BatchingRemoteConnection(connection) as unknown as RemoteConnection);
  observer.observe(root);
  const startAt = performance.timeOrigin + performance.now() + timing.startAt;
  // After the batched initial records (a microtask away), so the host sees them first.
  setTimeout(() => hostPort.postMessage({ bench: 'ready', startAt }), 0);
  void playTokenStream(script, { ...timing, startAt }, (edits) => {
    for (const edit of edits) {
      if (edit.kind === 'token') nodes.get(edit.id)!.text.appendData(edit.token);
      else if (edit.kind === 'add') root.append(create(edit.id, ''));
      else if (edit.kind === 'remove') {
        nodes.get(edit.id)!.item.remove();
        nodes.delete(edit.id);
      } else root.insertBefore(nodes.get(edit.id)!.item, nodes.get(edit.before)!.item);
    }
  }).then(() => setTimeout(() => hostPort.postMessage({ bench: 'done', bytes, messages }), 50));
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent || port !== undefined || event.ports[0] === undefined) return;
  port = event.ports[0];
  port.onmessage = (message: MessageEvent) => {
    if ((message.data as StartMessage | null)?.bench === 'start') start(message.data as StartMessage, port!);
  };
});
