import { dataRole, defineType, ex, textRole } from '../define.ts';

/** `avatar`: a person's picture, or their initials when there is none. */
export const avatar = defineType({
  type: 'avatar',
  category: 'display',
  description:
    'A person or account shown as a round picture, or as initials of the ' +
    'name when there is no picture. The name is its accessible name.',
  roles: [
    textRole('name', 'Whose avatar, plain text (initials come from it).', { required: true }),
    dataRole('src', 'Optional picture: {"data": "https://... or data:image/...", "mimeType": "image/png"}.', {
      mimeTypes: ['image/*'],
    }),
    textRole('size', 'sm, md (default) or lg.', { values: ['sm', 'md', 'lg'] }),
  ],
  events: [],
  example: ex.group('avatar', [['name', ex.plain('Ada Lovelace')]]),
});
