import '@remote-dom/core/polyfill';
import { BatchingRemoteConnection, RemoteRootElement } from '@remote-dom/core/elements';
import type { RemoteConnection, RemoteMutationRecord } from '@remote-dom/core';
import { createTokenScript, playTokenStream, type StreamTiming, type TokenScriptConfig } from './token-script.ts';
import { plainItems } from './plain-items.ts';

/**
 * Anchor (b) of the token-stream benchmark, remote side, set up the way remote-dom documents it
 * for a Worker: its DOM polyfill, a `RemoteRootElement` connected through a
 * `BatchingRemoteConnection` (records batched per task), records posted to the host's
 * `DOMRemoteReceiver` over a MessagePort (structured clone). The Worker runs inside a
 * `sandbox="allow-scripts"` iframe (see `remoteDomFrameScript`), like suip's.
 *
 * (A first version used `RemoteMutationObserver` on the iframe's own DOM; it rendered wrong
 * results whenever a move and an insert landed in one observer callback, because it computes
 * positions from the DOM as it is at callback time. The polyfill hooks each DOM call instead.)
 */

interface StartMessage {
  bench: 'start';
  config: TokenScriptConfig;
  timing: StreamTiming;
}

function start({ config, timing }: StartMessage, port: MessagePort): void {
  let bytes = 0;
  let messages = 0;
  const connection: RemoteConnection = {
    call: () => undefined,
    mutate(records: RemoteMutationRecord[]) {
      // Bytes are counted here, in the sandbox, so counting costs the host nothing.
      bytes += JSON.stringify(records).length;
      messages++;
      port.postMessage(records);
    },
  };
  customElements.define('remote-root', RemoteRootElement);
  const root = document.createElement('remote-root') as RemoteRootElement;
  const script = createTokenScript(config);
  const { nodes, create } = plainItems();
  for (const { id, text } of script.items) root.append(create(id, text));
  root.connect(new BatchingRemoteConnection(connection) as unknown as RemoteConnection);
  const startAt = performance.timeOrigin + performance.now() + timing.startAt;
  // After the batched initial records (a microtask away), so the host sees them first.
  setTimeout(() => port.postMessage({ bench: 'ready', startAt }), 0);
  void playTokenStream(script, { ...timing, startAt }, (edits) => {
    for (const edit of edits) {
      if (edit.kind === 'token') {
        const node = nodes.get(edit.id)!.text;
        node.data += edit.token;
      } else if (edit.kind === 'add') root.append(create(edit.id, ''));
      else if (edit.kind === 'remove') {
        nodes.get(edit.id)!.item.remove();
        nodes.delete(edit.id);
      } else root.insertBefore(nodes.get(edit.id)!.item, nodes.get(edit.before)!.item);
    }
  }).then(() => setTimeout(() => port.postMessage({ bench: 'done', bytes, messages }), 50));
}

self.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (port === undefined) return;
  port.onmessage = (message: MessageEvent) => {
    if ((message.data as StartMessage | null)?.bench === 'start') start(message.data as StartMessage, port);
  };
});
