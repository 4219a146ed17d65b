/**
 * SECURITY: in the Worker-less mode (isolation `frame`) the program runs on a window, and any window
 * can post to every other window of the tab: `top.postMessage(…)` in a loop queued so many message
 * tasks on the host page's thread that its timers waited 940–990 ms (e2e/sandbox-worker-less.spec.ts,
 * measured before this guard). The protocol never uses window messages (a Worker has none to post),
 * so the first one from the sandbox ends its program, as a post on a Worker's own channel does, and
 * it is stopped before any other listener of the host page sees it.
 *
 * Only this page is guarded: windows above it (an MCP host's page around suip's view) hear such
 * posts as they hear any frame's, and judge them themselves.
 */
export function guardWindowMessages(relay: HTMLIFrameElement, onPost: () => void): () => void {
  const fromSandbox = (source: MessageEventSource | null): boolean => {
    const sandbox = relay.contentWindow;
    if (sandbox === null || source === null || !('parent' in source)) return false;
    // The program's window, or a frame it made inside it: walk up (cross-origin `parent` is readable).
    let window: Window = source;
    for (let depth = 0; depth < 32 && window !== window.parent; depth += 1) {
      if (window === sandbox) return true;
      window = window.parent;
    }
    return false;
  };
  let posted = false;
  const onMessage = (event: MessageEvent) => {
    if (!fromSandbox(event.source)) return;
    event.stopImmediatePropagation();
    if (posted) return;
    posted = true;
    onPost();
  };
  window.addEventListener('message', onMessage, true);
  return () => window.removeEventListener('message', onMessage, true);
}
