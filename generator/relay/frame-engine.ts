import { FRAME_SCRIPT_URL } from '../runtime/worker-report.ts';

/**
 * The Worker-less engine: the program on the window thread of a nested `allow-scripts` srcdoc frame
 * inside the relay's frame, for hosts whose CSP refuses the blob Worker (MCP Inspector's
 * `worker-src 'none'`). It has the shape of the part of `Worker` the relay uses, so the relay's
 * one mechanism (ports, budgets, watchdog, reports) drives either (relay-main.ts).
 *
 * Its own origin is opaque and differs from the relay's, so the program cannot touch the relay's
 * realm; in Chromium it shares the relay's thread, so a loop stops the relay as well and only the
 * host can end it (the host's watchdog in this mode, renderer/frame/frame-watchdog.ts).
 */

/** What the relay drives: the part of `Worker` it uses. */
export interface Engine {
  postMessage(message: unknown, transfer: Transferable[]): void;
  terminate(): void;
  /** A script that never ran (a syntax error, a refused script), as the Worker reports it. */
  onerror: ((event: Pick<ErrorEvent, 'message' | 'lineno' | 'preventDefault'>) => void) | null;
  /** The program posted on the engine's own channel (the protocol never does). */
  onmessage: ((event: unknown) => void) | null;
}

/**
 * The nested document's own policy, on top of the relay's it inherits: scripts only inline (the
 * bootstrap, and the program's script it inserts), nothing fetched, nothing framed, no forms.
 */
export const FRAME_ENGINE_CSP = "default-src 'none'; script-src 'unsafe-inline'; form-action 'none'";

const PROGRAM_ELEMENT_ID = 'suip-program';

/**
 * The bootstrap reads the program's script from an inert JSON block (the model's code is data in
 * the document: `<` is written `\u003c`, so it can end nothing), removes the block and runs the
 * script as an inserted element; a script that does not compile is told to the relay by message,
 * as a Worker's `error` event would be, before the runtime's own listeners exist.
 */
const BOOTSTRAP = `(() => {
const block = document.getElementById('${PROGRAM_ELEMENT_ID}'); block.remove();
const failed = (event) =>
  parent.postMessage({ suip: 'engine-error', message: String(event.message), lineno: event.lineno }, '*');
addEventListener('error', failed);
const script = document.createElement('script'); script.textContent = JSON.parse(block.textContent);
document.head.append(script);
removeEventListener('error', failed);
})();`;

/** The nested frame's document for `script` (the same script a Worker would run). */
export function frameEngineSrcdoc(script: string): string {
  // Named, so the runtime finds the program's lines in a stack (worker-report.ts).
  const data = JSON.stringify(`${script}\n//# sourceURL=${FRAME_SCRIPT_URL}`).replace(/</g, '\\u003c');
  return (
    `<!doctype html><meta http-equiv="Content-Security-Policy" content="${FRAME_ENGINE_CSP}">` +
    `<script type="application/json" id="${PROGRAM_ELEMENT_ID}">${data}</script><script>${BOOTSTRAP}</script>`
  );
}

/**
 * Start `script` in a nested frame under `parent` (the relay's body). Messages posted before its
 * document has loaded wait here and go, in order, on its first `load`; a second `load` (the
 * program navigated its frame) calls `onNavigated`, which ends it.
 */
export function startFrameEngine(parent: Element, script: string, onNavigated: () => void): Engine {
  const iframe = document.createElement('iframe');
  // SECURITY: an opaque origin of its own (not the relay's), no popups, forms or top navigation.
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.srcdoc = frameEngineSrcdoc(script);
  const waiting: Array<[unknown, Transferable[]]> = [];
  let loads = 0;
  let ended = false;
  const engine: Engine = {
    onerror: null,
    onmessage: null,
    postMessage(message, transfer) {
      if (ended) return;
      if (loads === 0) waiting.push([message, transfer]);
      else iframe.contentWindow?.postMessage(message, '*', transfer);
    },
    terminate() {
      if (ended) return;
      ended = true;
      window.removeEventListener('message', onMessage);
      // Removing a frame of this process ends its scripts once the running task returns.
      iframe.remove();
    },
  };
  // SECURITY: only the nested window's own messages are read here; the relay's connect listener
  // checks its sender the same way (window.parent), so these never reach it.
  const onMessage = (event: MessageEvent) => {
    if (ended || event.source !== iframe.contentWindow) return;
    const data = event.data as { suip?: unknown; message?: unknown; lineno?: unknown } | null;
    // The bootstrap's report arrives after the frame's `load` (it is a message task). The program
    // can send one too, which only reports an exception (fatal before the handshake) at the
    // relay's exception budget: nothing it could not do by throwing.
    if (data?.suip === 'engine-error') {
      const lineno = typeof data.lineno === 'number' ? data.lineno : 0;
      engine.onerror?.({ message: String(data.message), lineno, preventDefault: () => undefined });
    } else engine.onmessage?.(event);
  };
  window.addEventListener('message', onMessage);
  iframe.addEventListener('load', () => {
    loads += 1;
    if (loads > 1) return onNavigated();
    for (const [message, transfer] of waiting.splice(0)) iframe.contentWindow?.postMessage(message, '*', transfer);
  });
  parent.appendChild(iframe);
  return engine;
}
