import type { StartCommand } from '../../shared/relay-control.ts';
import { loadSrcdoc } from './relay-source.ts';
import { SANDBOX_TOKENS, sandboxAllow } from './sandbox-attributes.ts';

/** One sandbox iframe and the port to its relay. */
export interface SandboxFrame {
  readonly iframe: HTMLIFrameElement;
  /** Resolves with the host's end of the port once the relay document has loaded and been sent the other end. */
  readonly connected: Promise<MessagePort>;
  /** True once the iframe was removed (by `destroy`, or because it navigated itself). */
  readonly destroyed: boolean;
  /**
   * Who hears of a self-navigation (the frame is already destroyed then). One listener: a frame
   * kept between two runs is handed from one connection to the next.
   */
  onNavigated(listener: () => void): void;
  /** Remove the iframe (its relay and Worker die with it) and close the port. */
  destroy(): void;
}

/** Options of `createSandboxFrame`. */
export interface SandboxFrameOptions {
  /**
   * The relay script (from `virtual:suip-sandbox`), inlined into a srcdoc; a promise while its
   * chunk loads (the iframe is added once it and the srcdoc builder are there).
   */
  relaySource: string | Promise<string>;
  /**
   * Strict-CSP mode: load the sandbox document from this URL (a static `suip-sandbox.html`,
   * ideally on a separate cookieless origin) instead of a srcdoc, which would inherit the host
   * page's CSP. The relay inside is the same; so is the connection.
   */
  sandboxUrl?: string;
  /**
   * The program's start, written into the srcdoc so the relay starts the Worker as it runs, one
   * cross-process round trip before the host could send it (ignored with `sandboxUrl`: that
   * document is static, and the host sends `start` once connected).
   */
  start?: StartCommand;
}

/**
 * Creates the sandbox iframe inside `parent` and connects to its relay: on the first `load` the
 * host posts one `{suip: "connect"}` with a transferred MessagePort (targetOrigin `*`: the
 * sandbox's origin is "null", so no origin string could name it). The port is the only channel
 * afterwards; the host never listens for window messages at all, so spoofed ones have no reader.
 */
export function createSandboxFrame(parent: Element, options: SandboxFrameOptions): SandboxFrame {
  const iframe = document.createElement('iframe');
  // SECURITY: exactly "allow-scripts" (opaque origin, no top navigation, no popups, no forms).
  iframe.setAttribute('sandbox', SANDBOX_TOKENS);
  iframe.setAttribute(
    'allow',
    sandboxAllow((document as { featurePolicy?: { features(): string[] } }).featurePolicy?.features()),
  );
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.setAttribute('aria-hidden', 'true');
  iframe.tabIndex = -1;
  iframe.title = 'suip generator sandbox';
  // Kept rendered (1px, transparent) rather than display:none. Chromium 156 does not throttle a
  // hidden sandboxed frame's timers (bench/browser/frame-timers.mjs), but on a loaded machine a
  // hidden frame's tokens reached the page later (token → paint p95 about 2x) and engines may
  // throttle hidden cross-origin frames; rendered costs the host only the frame's viewport
  // intersection, ~7 µs per streamed token (docs/benchmarks.md, "Item 1: the frame's native cost").
  iframe.style.cssText =
    'position:absolute;width:1px;height:1px;border:0;opacity:0;pointer-events:none;overflow:hidden;';
  let loads = 0;
  let port: MessagePort | undefined;
  let destroyed = false;
  let navigated = () => undefined as void;
  let resolveConnected!: (port: MessagePort) => void;
  let rejectConnected!: (error: Error) => void;
  const connected = new Promise<MessagePort>((resolve, reject) => {
    resolveConnected = resolve;
    rejectConnected = reject;
  });
  connected.catch(() => undefined);

  const onLoad = () => {
    loads += 1;
    if (loads === 1) {
      const channel = new MessageChannel();
      port = channel.port1;
      iframe.contentWindow?.postMessage({ suip: 'connect' }, '*', [channel.port2]);
      resolveConnected(port);
      return;
    }
    // SECURITY: a second load means the sandbox navigated itself; whatever runs there now gets nothing.
    destroy();
    navigated();
  };
  // The iframe joins the page only with its document set: an empty one would fire a first `load`
  // (about:blank) that the connection above would take for the relay's.
  const mount = (srcdoc: string | undefined) => {
    if (destroyed) return;
    if (srcdoc === undefined) iframe.src = options.sandboxUrl!;
    else iframe.srcdoc = srcdoc;
    iframe.addEventListener('load', onLoad);
    parent.appendChild(iframe);
  };
  if (options.sandboxUrl !== undefined) mount(undefined);
  else {
    // The relay and the srcdoc builder are chunks (usually loaded by now: the renderer asks at creation).
    Promise.all([options.relaySource, loadSrcdoc()]).then(
      ([relaySource, { sandboxSrcdoc }]) => mount(sandboxSrcdoc(relaySource, options.start)),
      (error: unknown) => {
        if (destroyed) return;
        destroyed = true;
        rejectConnected(
          new Error(
            `the sandbox script could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      },
    );
  }

  function destroy(): void {
    if (destroyed) return;
    destroyed = true;
    iframe.removeEventListener('load', onLoad);
    port?.close();
    iframe.remove();
    rejectConnected(new Error('the sandbox frame was removed before it connected'));
  }

  return {
    iframe,
    connected,
    get destroyed() {
      return destroyed;
    },
    onNavigated(listener) {
      navigated = listener;
    },
    destroy,
  };
}
