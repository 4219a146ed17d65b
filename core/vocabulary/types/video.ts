import { dataRole, defineType, ex, textRole } from '../define.ts';

/** `video`: a video player with native controls. */
export const video = defineType({
  type: 'video',
  category: 'media',
  description: "A video player with the browser's controls (mp4, webm, ogg).",
  roles: [
    dataRole('src', 'The video: {"data": "https://...", "mimeType": "video/mp4"}.', {
      required: true,
      mimeTypes: ['video/*'],
    }),
    textRole('title', 'What it is, plain text (labels the player).', { required: true }),
    textRole('caption', 'Visible caption, plain text.'),
    dataRole('poster', 'A still shown until it plays: {"data": "https://...", "mimeType": "image/jpeg"}.', {
      mimeTypes: ['image/*'],
    }),
  ],
  events: [],
  example: ex.group('video', [
    ['src', ex.data('https://media.example/clip.mp4', 'video/mp4')],
    ['title', ex.plain('Product tour')],
  ]),
});
