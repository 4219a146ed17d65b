import { AUDIO_EXAMPLE } from '../examples-media.ts';
import { dataRole, defineType, ex, textRole } from '../define.ts';

/** `audio`: an audio player with native controls. */
export const audio = defineType({
  type: 'audio',
  category: 'media',
  description: "An audio player with the browser's controls (mp3, ogg, wav, webm, aac, flac).",
  roles: [
    dataRole('src', 'The audio: {"data": "https://...", "mimeType": "audio/mpeg"}.', {
      required: true,
      mimeTypes: ['audio/*'],
    }),
    textRole('title', 'What it is, plain text (labels the player).', { required: true }),
    textRole('caption', 'Visible caption, plain text.'),
  ],
  events: [],
  example: ex.group('audio', [
    ['src', ex.data(AUDIO_EXAMPLE, 'audio/wav')],
    ['title', ex.plain('Silence, 0 s')],
  ]),
});
