/**
 * A JSON pointer shortened for error text: hostile keys can be megabytes long, so each segment is
 * cut at 40 characters and a pointer of more than 10 segments keeps its first 5 and last 4.
 * The root is `/`.
 */
export function shortPointer(pointer: string): string {
  if (pointer === '') return '/';
  const segments = pointer.split('/').map((s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s));
  const shown = segments.length > 10 ? [...segments.slice(0, 5), '…', ...segments.slice(-4)] : segments;
  return shown.join('/');
}
