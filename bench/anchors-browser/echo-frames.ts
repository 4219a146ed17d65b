/**
 * Raw anchors of the transport benchmark: the same sandbox topology as suip (a
 * `sandbox="allow-scripts"` iframe, optionally with a blob Worker behind it) but no SUIP at all:
 * strings are echoed as they come. Run in the iframe as classic scripts.
 */

/** The iframe echoes every string on the port itself. */
export const IFRAME_ECHO = `(() => {
  let done = false;
  window.addEventListener('message', (event) => {
    if (done || event.source !== window.parent || event.ports.length !== 1) return;
    done = true;
    const port = event.ports[0];
    port.onmessage = (m) => port.postMessage(m.data);
  });
})();`;

/**
 * The iframe relays strings to a Worker and back, as suip's relay does (one extra hop each way,
 * a forwarding closure, no checks); the Worker echoes.
 */
export const WORKER_ECHO = `(() => {
  let done = false;
  window.addEventListener('message', (event) => {
    if (done || event.source !== window.parent || event.ports.length !== 1) return;
    done = true;
    const host = event.ports[0];
    const worker = new Worker(URL.createObjectURL(new Blob(['onmessage = (e) => { const p = e.ports[0]; p.onmessage = (m) => p.postMessage(m.data === "clock" ? String(performance.timeOrigin + performance.now()) : m.data); };'], { type: 'text/javascript' })));
    const data = new MessageChannel();
    worker.postMessage(null, [data.port2]);
    data.port1.onmessage = (m) => host.postMessage(m.data);
    host.onmessage = (m) => data.port1.postMessage(m.data);
  });
})();`;
