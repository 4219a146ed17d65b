/**
 * Resolves just after the next frame is painted: a `requestAnimationFrame` callback runs before
 * style, layout and paint of its frame, and a message posted from it runs after them.
 */
const channel = new MessageChannel();
const waiting: Array<() => void> = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Calls `callback` in the next frame's rAF, then resolves after that frame has painted. */
export function afterPaint(inFrame?: () => void): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      inFrame?.();
      waiting.push(() => resolve(performance.now()));
      channel.port2.postMessage(0);
    });
  });
}
