import {
  createTokenScript,
  playTokenStream,
  type StreamTiming,
  type TokenEdit,
  type TokenScriptConfig,
} from './token-script.ts';

/**
 * The styled floor's Worker (issue 43 item 1b), remote side: the same model in a Worker in a
 * `sandbox="allow-scripts"` iframe, sending exactly suip's wire — one JSON-RPC text per flush, a
 * text append per token (`suip/ops/append {path, text}`), the structural edits as suip's ops (a
 * move is a remove and an insert of the same id without a particle) — and, like suip's generator,
 * one transaction in flight: edits made while waiting for the answer go in the next message. No
 * tree, no diff, no runtime: the least a SUIP generator can send. The host's side
 * (`bench/pages/stream/styled-floor-stream.ts`) builds suip's view from it by direct DOM calls.
 */

interface StartMessage {
  bench: 'start';
  config: TokenScriptConfig;
  timing: StreamTiming;
  /** False: the host answers only the starting UI, so nothing waits for an answer (attribution only). */
  answered: boolean;
}

type WireOp = { method: string; params: Record<string, unknown> };

function toOps(edit: TokenEdit): WireOp[] {
  switch (edit.kind) {
    case 'token':
      return [{ method: 'suip/ops/append', params: { path: ['list', edit.id, 't'], text: edit.token } }];
    case 'add':
      return [
        {
          method: 'suip/ops/append',
          params: { path: ['list'], id: edit.id, particle: { group: [['t', { text: '' }]] } },
        },
      ];
    case 'remove':
      return [{ method: 'suip/ops/remove', params: { path: ['list', edit.id] } }];
    case 'move':
      return [
        { method: 'suip/ops/remove', params: { path: ['list', edit.id] } },
        { method: 'suip/ops/insert', params: { path: ['list'], id: edit.id, before: edit.before } },
      ];
  }
}

function start({ config, timing, answered }: StartMessage, port: MessagePort): void {
  let bytes = 0;
  let messages = 0;
  let nextId = 1;
  let inFlight = false;
  let pending: WireOp[] = [];
  const script = createTokenScript(config);
  let started = false;
  const send = (ops: WireOp[]): void => {
    const requests = ops.map((op, index) =>
      index === ops.length - 1 ? { jsonrpc: '2.0', ...op, id: nextId++ } : { jsonrpc: '2.0', ...op },
    );
    const text = JSON.stringify(requests.length === 1 ? requests[0] : requests);
    bytes += text.length;
    messages++;
    inFlight = answered || !started;
    port.postMessage(text);
  };
  const flush = (): void => {
    if (inFlight || pending.length === 0) return;
    const ops = pending;
    pending = [];
    send(ops);
  };
  port.onmessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    const answer = JSON.parse(event.data) as { error?: { message: string } } | Array<{ error?: { message: string } }>;
    const failed = (Array.isArray(answer) ? answer : [answer]).find((one) => one.error !== undefined);
    if (failed) throw new Error(`the floor host refused a transaction: ${failed.error!.message}`);
    inFlight = false;
    if (!started) {
      started = true;
      // The stream's traffic only, as the suip anchor counts it (the starting UI is not a token's).
      bytes = 0;
      messages = 0;
      const startAt = performance.timeOrigin + performance.now() + timing.startAt;
      port.postMessage({ bench: 'ready', startAt });
      void playTokenStream(script, { ...timing, startAt }, (edits) => {
        for (const edit of edits) pending.push(...toOps(edit));
        flush();
      }).then(() => setTimeout(() => port.postMessage({ bench: 'done', bytes, messages }), 50));
      return;
    }
    flush();
  };
  // The starting UI, one transaction (as suip's first render).
  send([
    {
      method: 'suip/ops/append',
      params: {
        path: [],
        id: 'list',
        particle: { group: script.items.map((it) => [it.id, { group: [['t', { text: it.text }]] }]) },
      },
    },
  ]);
}

self.addEventListener('message', (event: MessageEvent) => {
  const port = event.ports[0];
  if (port === undefined) return;
  port.onmessage = (message: MessageEvent) => {
    if ((message.data as StartMessage | null)?.bench === 'start') start(message.data as StartMessage, port);
  };
});
