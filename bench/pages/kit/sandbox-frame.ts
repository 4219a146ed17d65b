/**
 * A bare sandboxed iframe for the anchors, built like suip's own sandbox (design §2): srcdoc,
 * `sandbox="allow-scripts"` (origin "null", out of process with Chromium's IsolateSandboxedIframes),
 * the same meta CSP, one transferred MessagePort after `load`. Only the code inside differs.
 */
export interface SandboxFrame {
  iframe: HTMLIFrameElement;
  port: MessagePort;
  remove(): void;
}

const CSP = "default-src 'none'; script-src 'unsafe-inline'; worker-src blob:";

/** Create the iframe running `script` (a classic script) and connect one port to it. */
export async function createSandboxFrame(script: string, parent: HTMLElement = document.body): Promise<SandboxFrame> {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = 'width:0;height:0;border:0;position:absolute';
  // A literal "</script>" inside the bundle would end the element early.
  const safe = script.replace(/<\/script/gi, '<\\/script');
  iframe.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${CSP}"><script>${safe}</script>`;
  const loaded = new Promise<void>((resolve) => iframe.addEventListener('load', () => resolve(), { once: true }));
  parent.append(iframe);
  await loaded;
  const channel = new MessageChannel();
  iframe.contentWindow!.postMessage({ suip: 'connect' }, '*', [channel.port2]);
  channel.port1.start();
  return {
    iframe,
    port: channel.port1,
    remove() {
      channel.port1.close();
      iframe.remove();
    },
  };
}
