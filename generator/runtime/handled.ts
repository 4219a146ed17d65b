/**
 * Marks a promise handled, so a program that does not await `render()` (or a refused dialog) gets no unhandled
 * rejection.
 */
export function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
