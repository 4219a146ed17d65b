import { dataRole, defineType, ex, textRole } from '../define.ts';

/** `file`: a downloadable file shown by name and mime type. */
export const file = defineType({
  type: 'file',
  category: 'media',
  description:
    'A file the user can open: shown with its name and kind (from mimeType); it opens in a new tab on a real click.',
  roles: [
    dataRole('src', 'The file: {"data": "https://...", "mimeType": "application/pdf"}.', { required: true }),
    textRole('name', 'File name as shown, plain text.', { required: true }),
  ],
  events: [],
  example: ex.group('file', [
    ['src', ex.data('https://example.org/report.pdf', 'application/pdf')],
    ['name', ex.plain('report-2026.pdf')],
  ]),
});
