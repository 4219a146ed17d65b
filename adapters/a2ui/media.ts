const EXTENSIONS: ReadonlyMap<string, string> = new Map([
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

/**
 * The mime type suip needs for a media URL, which A2UI does not send: a `data:` URL's own type,
 * else the path's extension, else the kind's common default. The host's media policy still
 * decides whether it loads.
 */
export function guessMime(url: string, kind: 'image' | 'video' | 'audio'): string {
  const dataType = /^data:([a-z]+\/[a-z0-9.+-]+)[;,]/i.exec(url)?.[1]?.toLowerCase();
  if (dataType?.startsWith(`${kind}/`)) return dataType;
  const ext = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const byExt = ext === undefined ? undefined : EXTENSIONS.get(ext);
  if (byExt?.startsWith(`${kind}/`)) return byExt;
  return kind === 'image' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : 'audio/mpeg';
}
