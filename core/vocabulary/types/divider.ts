import { defineType, ex } from '../define.ts';

/** `divider`: a thematic break; it takes no children. */
export const divider = defineType({
  type: 'divider',
  category: 'layout',
  description: 'A horizontal separator between blocks. It takes no children.',
  roles: [],
  events: [],
  example: ex.group('divider', []),
});
