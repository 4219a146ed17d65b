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

/** The usual file extensions of the allowlisted media types (a URL's path tells its type where nothing else does). */
const MEDIA_EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
  ['svg', 'image/svg+xml'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['ogv', 'video/ogg'],
  ['mp3', 'audio/mpeg'],
  ['ogg', 'audio/ogg'],
  ['wav', 'audio/wav'],
  ['aac', 'audio/aac'],
  ['flac', 'audio/flac'],
]);

/** The common type of each media kind, for a URL that tells nothing. */
const KIND_DEFAULTS = { image: 'image/jpeg', video: 'video/mp4', audio: 'audio/mpeg' } as const;

/**
 * The mime type of a media URL shown as `kind`, for protocols that send a URL without one (A2UI,
 * GenUI, canvas): a `data:` URL's own type, else the path's extension, each only when it is of
 * that kind, else `fallback` (the kind's common type by default). The host's media policy still
 * decides whether it loads.
 */
export function mediaMimeOfUrl(url: string, kind: 'image' | 'video' | 'audio', fallback?: string): string {
  const dataType = /^data:([a-z]+\/[a-z0-9.+-]+)[;,]/i.exec(url)?.[1]?.toLowerCase();
  if (dataType?.startsWith(`${kind}/`)) return dataType;
  const ext = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const byExt = ext === undefined ? undefined : MEDIA_EXTENSIONS.get(ext);
  if (byExt?.startsWith(`${kind}/`)) return byExt;
  return fallback ?? KIND_DEFAULTS[kind];
}
