/**
 * Media mime types the host shows. Only these may come as `data:` URIs, and only to the element
 * of their kind (`<img>`, `<audio>`, `<video>`): SVG in particular is shown through `<img>` only,
 * where its scripts never run.
 */
export const MEDIA_MIME_TYPES: ReadonlyMap<string, 'image' | 'audio' | 'video'> = new Map([
  ['image/png', 'image'],
  ['image/jpeg', 'image'],
  ['image/gif', 'image'],
  ['image/webp', 'image'],
  ['image/avif', 'image'],
  ['image/svg+xml', 'image'],
  ['audio/mpeg', 'audio'],
  ['audio/ogg', 'audio'],
  ['audio/wav', 'audio'],
  ['audio/webm', 'audio'],
  ['audio/aac', 'audio'],
  ['audio/flac', 'audio'],
  ['video/mp4', 'video'],
  ['video/webm', 'video'],
  ['video/ogg', 'video'],
]);

/** The media kind of a declared mime type (`image/PNG; x=y` → image), or undefined if not allowlisted. */
export function mediaKind(mimeType: string): 'image' | 'audio' | 'video' | undefined {
  return MEDIA_MIME_TYPES.get(essence(mimeType));
}

/** The lower-cased `type/subtype` of a mime type, without parameters. */
export function essence(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/** A short human name for a mime type, shown next to files ("PDF", "PNG image"). */
export function describeMime(mimeType: string): string {
  const e = essence(mimeType);
  const known: Record<string, string> = {
    'application/pdf': 'PDF',
    'application/zip': 'ZIP archive',
    'application/json': 'JSON',
    'text/csv': 'CSV',
    'text/plain': 'Text',
    'text/html': 'Web page',
  };
  if (Object.hasOwn(known, e)) return known[e]!;
  const [kind, sub] = e.split('/');
  if (sub && /^[a-z0-9.+-]{1,40}$/.test(sub) && (kind === 'image' || kind === 'audio' || kind === 'video'))
    return `${sub.toUpperCase()} ${kind}`;
  return 'File';
}
