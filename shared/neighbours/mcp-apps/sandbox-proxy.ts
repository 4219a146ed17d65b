/**
 * The sandbox proxy of a suip host (spec §sandbox proxy): the outer of the two frames an MCP App
 * view runs in, served from an origin of its own with the view's CSP as an HTTP header. It is a
 * plain script (no module, no build) so the server can send it as is. It puts the resource's HTML
 * into an inner `srcdoc` frame, which inherits the header's CSP (a policy the HTML cannot lift),
 * and relays JSON-RPC both ways: only from its parent (by identity, and the host's origin) and
 * only from its inner frame (by identity), to the host's origin only.
 */

/** The inner frame's sandbox: scripts and form events; no same-origin, popups, modals or top navigation. */
export const VIEW_SANDBOX = 'allow-scripts allow-forms';

/** The proxy page's markup around its script (`hostOrigin` is put in as a JSON string). */
export function sandboxProxyDocument(hostOrigin: string): string {
  const origin = JSON.stringify(hostOrigin).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><script>(${PROXY_SCRIPT})(${origin}, ${JSON.stringify(VIEW_SANDBOX)});</script></body></html>`;
}

/**
 * The proxy's script, a function source called with the host origin and the inner sandbox tokens.
 * SECURITY: messages are taken from the parent only when `event.source === parent` and the origin
 * is the host's; from the inner view only when `event.source` is its window; everything else is
 * dropped. The resource HTML goes in once; a host asking to widen the sandbox is ignored.
 */
const PROXY_SCRIPT = `function (HOST, SANDBOX) {
  if (window.parent === window) return;
  var inner = document.createElement('iframe');
  inner.setAttribute('sandbox', SANDBOX);
  inner.setAttribute('allow', "camera 'none'; microphone 'none'; geolocation 'none'; clipboard-read 'none'; clipboard-write 'none'; display-capture 'none'; fullscreen 'none'; payment 'none'; usb 'none'; serial 'none'; hid 'none'; bluetooth 'none'");
  inner.setAttribute('referrerpolicy', 'no-referrer');
  inner.title = 'MCP App view';
  document.body.appendChild(inner);
  var loaded = false;
  window.addEventListener('message', function (event) {
    if (event.source === window.parent) {
      if (event.origin !== HOST) return;
      var data = event.data;
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
        if (loaded || !data.params || typeof data.params.html !== 'string') return;
        loaded = true;
        inner.srcdoc = data.params.html;
        return;
      }
      if (inner.contentWindow) inner.contentWindow.postMessage(data, '*');
    } else if (event.source === inner.contentWindow && event.source !== null) {
      window.parent.postMessage(event.data, HOST);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, HOST);
}`;
