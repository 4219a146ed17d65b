/**
 * Time one DOM update to the point the user could see it: run `update`, let every microtask
 * (Lit's update cycle) drain with one macrotask hop, then force style and layout. Everything
 * measured here pays the same hop and the same forced layout.
 */
const channel = new MessageChannel();
let next: (() => void) | undefined;
channel.port1.onmessage = () => next?.();

function hop(): Promise<void> {
  return new Promise((resolve) => {
    next = resolve;
    channel.port2.postMessage(0);
  });
}

/** Milliseconds from calling `update` to a laid-out DOM. */
export async function timeUpdate(update: () => void): Promise<number> {
  const start = performance.now();
  update();
  await hop();
  void document.body.offsetHeight;
  return performance.now() - start;
}
