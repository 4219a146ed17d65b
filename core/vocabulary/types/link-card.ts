import { defineType, dataRole, ex, textRole } from '../define.ts';

/** `link-card`: a rich link to another page. */
export const linkCard = defineType({
  type: 'link-card',
  category: 'display',
  description: 'A rich link to a web page (http, https or mailto). It opens in a new tab on a real click.',
  roles: [
    dataRole('url', 'The link target: {"data": "https://...", "mimeType": "text/html"}.', { required: true }),
    textRole('title', 'Link title, plain text.', { required: true }),
    textRole('description', 'One or two sentences, plain text.'),
  ],
  events: [],
  example: ex.group('link-card', [
    ['url', ex.data('https://example.org/docs', 'text/html')],
    ['title', ex.plain('Documentation')],
    ['description', ex.plain('Guides and the API reference.')],
  ]),
});
