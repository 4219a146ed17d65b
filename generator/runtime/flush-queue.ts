/**
 * Runs `flush` once at the end of the current task, however many times `schedule` is called in
 * it: a loop of renders costs one message (design §6: flush once per task).
 */
export function createFlushScheduler(flush: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      flush();
    });
  };
}
