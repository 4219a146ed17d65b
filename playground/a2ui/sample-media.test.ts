import { describe, expect, it } from 'vitest';
import { sampleImage, withSampleMedia } from './sample-media.ts';

describe('A2UI sample media', () => {
  it('replaces remote sample images with local SVG data URIs, sized as asked', () => {
    const stream = JSON.stringify({
      messages: [
        {
          updateDataModel: {
            value: {
              cover: 'https://images.unsplash.com/photo-1?w=300&h=150&fit=crop',
              song: 'https://www.soundhelix.com/a.mp3',
            },
          },
        },
      ],
    });
    const { text, replaced } = withSampleMedia(stream);
    expect(replaced).toBe(1);
    const cover = (
      JSON.parse(text) as { messages: Array<{ updateDataModel: { value: { cover: string; song: string } } }> }
    ).messages[0]!.updateDataModel.value;
    expect(cover.cover).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(cover.cover)).toContain('width="300" height="150"');
    // Audio is not an image: it stays as the agent sent it (and the policy refuses it).
    expect(cover.song).toBe('https://www.soundhelix.com/a.mp3');
    // That the default policy shows it, and refused the original, is checked in Chromium (e2e/playground-a2ui.spec.ts).
  });

  it('leaves text without remote images, or that is not JSON, as it was', () => {
    expect(withSampleMedia('{"a": "https://example.org/x.png"}')).toEqual({
      text: '{"a": "https://example.org/x.png"}',
      replaced: 0,
    });
    expect(withSampleMedia('not json')).toEqual({ text: 'not json', replaced: 0 });
  });

  it('bounds the sample size whatever the URL asks', () => {
    expect(decodeURIComponent(sampleImage(1e9, -5, 0))).toContain('width="800" height="16"');
  });
});
