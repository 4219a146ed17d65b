import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mediaMimeOfUrl } from './mime.ts';

describe('mediaMimeOfUrl (the one rule A2UI, GenUI and canvas use for a URL sent without a type)', () => {
  it("takes a data: URL's own type, then the extension, each only when it is of the kind", () => {
    expect(mediaMimeOfUrl('data:image/PNG;base64,AAAA', 'image')).toBe('image/png');
    expect(mediaMimeOfUrl('data:audio/ogg;base64,AAAA', 'image')).toBe('image/jpeg');
    expect(mediaMimeOfUrl('https://a.example/x.webp?size=2#top', 'image')).toBe('image/webp');
    expect(mediaMimeOfUrl('https://a.example/clip.webm', 'video')).toBe('video/webm');
    expect(mediaMimeOfUrl('https://a.example/song.mp3', 'audio')).toBe('audio/mpeg');
    expect(mediaMimeOfUrl('https://a.example/song.mp3', 'video')).toBe('video/mp4');
  });

  it("falls back to the kind's common type, or the caller's", () => {
    expect(mediaMimeOfUrl('https://a.example/photo', 'image')).toBe('image/jpeg');
    expect(mediaMimeOfUrl('https://a.example/photo', 'image', 'image/png')).toBe('image/png');
    expect(mediaMimeOfUrl('https://a.example/talk', 'audio')).toBe('audio/mpeg');
  });

  it('property: the answer is always of the kind asked (or the fallback given)', () => {
    const kinds = fc.constantFrom('image' as const, 'video' as const, 'audio' as const);
    fc.assert(
      fc.property(fc.string(), kinds, (url, kind) => mediaMimeOfUrl(url, kind).startsWith(`${kind}/`)),
      { numRuns: 500 },
    );
  });
});
