/**
 * The iframe side of the remote-dom anchor: accept one port from the parent (by identity, like
 * suip's relay), start the remote-dom Worker from a blob and hand it the port. Unlike suip's
 * relay, it does not stay in the path: remote-dom has no relay budgets to enforce.
 */
export function remoteDomFrameScript(workerSource: string): string {
  return `(() => {
  const source = ${JSON.stringify(workerSource)};
  let done = false;
  window.addEventListener('message', (event) => {
    if (done || event.source !== window.parent || event.ports.length !== 1) return;
    done = true;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    worker.postMessage(null, [event.ports[0]]);
  });
})();`;
}
