import type { Tool } from '@modelcontextprotocol/client';

/**
 * The frame of the sandbox proxy that will hold a view: `sandboxUrl` told this page's origin and
 * the resource's CSP (the proxy serves the view under it as a header).
 */
export function createViewFrame(tool: Tool, sandboxUrl: string, csp: object | undefined): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  // SECURITY: the proxy (and the view inside, which inherits these flags) may run scripts and
  // forms only: an opaque origin, no popups, no modals (alert/confirm/print), no top navigation.
  iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.title = `${tool.title ?? tool.name} (MCP App)`;
  iframe.style.cssText = 'display:block;width:100%;border:0;height:120px;';
  const src = new URL(sandboxUrl);
  src.searchParams.set('host', location.origin);
  if (csp !== undefined) src.searchParams.set('csp', JSON.stringify(csp));
  iframe.src = src.href;
  return iframe;
}

/**
 * Resolves when the proxy in `iframe` says it is ready; `cancel` removes the listener (a proxy
 * that never got ready leaves none behind: each failed show would add one).
 */
export function proxyReady(iframe: HTMLIFrameElement): { ready: Promise<void>; cancel(): void } {
  let listen: ((event: MessageEvent) => void) | undefined;
  const ready = new Promise<void>((resolve) => {
    listen = (event: MessageEvent) => {
      // Identity, not origin: the proxy's origin is opaque ("null").
      if (
        event.source !== iframe.contentWindow ||
        (event.data as { method?: unknown } | null)?.method !== 'ui/notifications/sandbox-proxy-ready'
      )
        return;
      window.removeEventListener('message', listen!);
      resolve();
    };
    window.addEventListener('message', listen);
  });
  return { ready, cancel: () => listen !== undefined && window.removeEventListener('message', listen) };
}
