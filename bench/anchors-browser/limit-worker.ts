import { createTokenScript, playTokenStream } from './token-script.ts';
import type { StreamTiming, TokenEdit, TokenScriptConfig } from './token-script.ts';

/**
 * The Worker of the physical-limit and vanilla anchors (issue 43 item 1a, 1c): the same token script
 * as every contestant, each flush's edits posted as they are (structured clone, no JSON, no
 * protocol, nothing waits for an answer). The host applies each edit with one DOM call
 * (`bench/pages/stream/limit-stream.ts`). Its first data message is the starting list.
 */

interface StartMessage {
  bench: 'start';
  config: TokenScriptConfig;
  timing: StreamTiming;
}

/** The starting list, then the script's own edits. */
export type LimitEdit = TokenEdit | { kind: 'init'; items: Array<{ id: string; text: string }> };

function start({ config, timing }: StartMessage, port: MessagePort): void {
  let messages = 0;
  const script = createTokenScript(config);
  port.postMessage([{ kind: 'init', items: script.items.map((it) => ({ ...it })) }] satisfies LimitEdit[]);
  const startAt = performance.timeOrigin + performance.now() + timing.startAt;
  port.postMessage({ bench: 'ready', startAt });
  void playTokenStream(script, { ...timing, startAt }, (edits) => {
    messages++;
    port.postMessage(edits);
  }).then(() => setTimeout(() => port.postMessage({ bench: 'done', bytes: 0, messages }), 50));
}

self.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (port === undefined) return;
  port.onmessage = (message: MessageEvent) => {
    if ((message.data as StartMessage | null)?.bench === 'start') start(message.data as StartMessage, port);
  };
});
