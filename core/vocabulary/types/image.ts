import { IMAGE_EXAMPLE } from '../examples-media.ts';
import { dataRole, defineType, ex, textRole } from '../define.ts';

/** `image`: an image with required alternative text. */
export const image = defineType({
  type: 'image',
  category: 'media',
  description: 'An image (png, jpeg, gif, webp, avif, svg) with alternative text and an optional caption.',
  roles: [
    dataRole('src', 'The image: {"data": "https://... or data:image/...", "mimeType": "image/png"}.', {
      required: true,
      mimeTypes: ['image/*'],
    }),
    textRole('alt', 'What the image shows, for people who cannot see it, plain text.', { required: true }),
    textRole('caption', 'Visible caption, plain text.'),
  ],
  events: [],
  example: ex.group('image', [
    ['src', ex.data(IMAGE_EXAMPLE, 'image/svg+xml')],
    ['alt', ex.plain('A blue rectangle')],
    ['caption', ex.plain('An inline SVG image')],
  ]),
});
