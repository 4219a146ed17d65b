import { defineType, ex, textRole } from '../define.ts';

/** `slot`: shows another mount's UI in place (nesting), only where the host allowed it. */
export const slot = defineType({
  type: 'slot',
  category: 'layout',
  description:
    "Shows another generator's UI in place, e.g. a widget inside a canvas zone. Only works for a mount " +
    'the host attached with slotOf set to this program; otherwise it shows that nothing is there.',
  roles: [textRole('mount', 'The id of the mount to show, plain text.', { required: true })],
  events: [],
  example: ex.group('slot', [['mount', ex.plain('weather-widget')]]),
});
