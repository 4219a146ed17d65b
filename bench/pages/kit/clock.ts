/**
 * A wall clock shared by every context of the benchmark (host page, sandbox iframe, Worker):
 * `performance.timeOrigin + performance.now()`. Token timestamps cross process boundaries, so the
 * transport page measures the offset between contexts and the report states it.
 */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
